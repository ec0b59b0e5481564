import type { Schemas } from '@/api/types';

type Team = Schemas['Team'];
type Flag = Schemas['Flag'] | undefined;

/**
 * What the viewer may change on a car (API.md, co-host team decisions): its host everything;
 * a co-host of the team that holds it pricing and availability with `pricingAndAvailability`
 * or `full`, the listing (details, extras, instructions) with `full`, and never the delete.
 * `unknown` when the teams could not be read: the fields stay open and the server's 403 says.
 */
export type CarAccess = {
  role: 'host' | 'co-host' | 'unknown';
  pricing: boolean;
  listing: boolean;
  canDelete: boolean;
  teamName?: string;
};

export const yes = (f: Flag): boolean => f === true || f === 1 || (typeof f === 'string' && ['true', '1', 'yes'].includes(f.toLowerCase()));

export function carAccess(car: { _id: string; carId?: string; hostId: string }, userId: string | undefined, teams: Team[] | undefined): CarAccess {
  if (userId && car.hostId === userId) return { role: 'host', pricing: true, listing: true, canDelete: true };
  const ids = new Set([car._id, car.carId].filter(Boolean));
  const team = teams?.find((t) => t.role === 'co-host' && t.cars.some((c) => ids.has(c.id) || ids.has(c._id)));
  if (!team) return { role: 'unknown', pricing: true, listing: true, canDelete: false };
  const full = yes(team.permissions.full);
  return { role: 'co-host', pricing: full || yes(team.permissions.pricingAndAvailability), listing: full, canDelete: false, teamName: team.teamName };
}

/** The note shown over read-only fields. */
export function readOnlyNote(access: CarAccess, what: 'pricing' | 'listing'): string | null {
  if (access.role !== 'co-host') return null;
  if (what === 'pricing' && !access.pricing)
    return `Read only: your team "${access.teamName}" does not give co-hosts pricing and availability, so the host changes these.`;
  if (what === 'listing' && !access.listing) return `Read only: your team "${access.teamName}" does not give co-hosts full access, so the host changes the listing.`;
  return null;
}
