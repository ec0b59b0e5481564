import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { carAccess, readOnlyNote } from './car-access';

const car = { _id: 'car-5', carId: 'car-5', hostId: 'host-2' };

function team(over: Partial<Schemas['Team']> = {}): Schemas['Team'] {
  return {
    _id: 't1',
    hostId: 'host-2',
    teamName: 'Fremont crew',
    teamStatus: 'active',
    cars: [{ id: 'car-5', _id: 'car-5', name: '2022 Toyota Camry', photoUrl: '', licensePlate: '9UPC005' }],
    coHosts: [],
    permissions: { full: false, bookingManagement: true, pricingAndAvailability: false },
    role: 'co-host',
    hostEarningsSharePercent: 100,
    createdAt: '',
    updatedAt: '',
    ...over,
  };
}

describe("a car's access for the viewer", () => {
  it('gives the host everything, the delete included', () => {
    expect(carAccess(car, 'host-2', undefined)).toEqual({ role: 'host', pricing: true, listing: true, canDelete: true });
  });

  it('makes pricing and the listing read only for a co-host with booking management only, and never offers the delete', () => {
    const a = carAccess(car, 'co-1', [team()]);
    expect(a).toEqual({ role: 'co-host', pricing: false, listing: false, canDelete: false, teamName: 'Fremont crew' });
    expect(readOnlyNote(a, 'pricing')).toMatch(/does not give co-hosts pricing and availability/);
    expect(readOnlyNote(a, 'listing')).toMatch(/does not give co-hosts full access/);
  });

  it('opens pricing with pricingAndAvailability, and everything but the delete with full (flags loosely written too)', () => {
    const pricing = carAccess(car, 'co-1', [team({ permissions: { pricingAndAvailability: 'true' } })]);
    expect(pricing).toMatchObject({ role: 'co-host', pricing: true, listing: false, canDelete: false });
    expect(readOnlyNote(pricing, 'pricing')).toBeNull();
    const full = carAccess(car, 'co-1', [team({ permissions: { full: 1 } })]);
    expect(full).toMatchObject({ role: 'co-host', pricing: true, listing: true, canDelete: false });
  });

  it("reads only the team that holds this car, and only as a co-host's", () => {
    const other = team({ _id: 't2', teamName: 'Other', cars: [{ id: 'car-9', _id: 'car-9', name: '', photoUrl: '', licensePlate: '' }], permissions: { full: true } });
    expect(carAccess(car, 'co-1', [other, team()]).teamName).toBe('Fremont crew');
    expect(carAccess(car, 'co-1', [team({ role: 'host' })]).role).toBe('unknown');
  });

  it('leaves the fields open when the teams could not be read (the server refuses then), without the delete', () => {
    const a = carAccess(car, 'co-1', undefined);
    expect(a).toEqual({ role: 'unknown', pricing: true, listing: true, canDelete: false });
    expect(readOnlyNote(a, 'pricing')).toBeNull();
  });
});
