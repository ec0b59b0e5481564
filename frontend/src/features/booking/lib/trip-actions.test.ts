import { describe, expect, it } from 'vitest';
import { trip } from '@/test/fixtures';
import type { Trip, TripRole } from '@/api/types';
import { tripActions } from './trip-actions';

// The fixture trip starts 2030-01-10 10:00 AM PST (18:00 UTC).
const START = Date.parse('2030-01-10T18:00:00Z');
const at = (minutesFromStart: number) => new Date(START + minutesFromStart * 60_000);
const line = (action: string, at: string, actorId = 'u1', actorRole: TripRole = 'guest') => ({ fromStatus: null, toStatus: 'confirmed' as const, action, actorRole, actorId, reason: '', at });

function actions(over: Partial<Trip>, now = at(-3 * 24 * 60), userId = 'u1') {
  const a = tripActions(trip(over), userId, now);
  return Object.entries(a)
    .filter(([, v]) => v === true || (v && typeof v === 'object'))
    .map(([k]) => k)
    .sort();
}

describe('what the guest can do next, per status', () => {
  it('requested: cancel and invite drivers only', () => {
    expect(actions({ status: 'requested' })).toEqual(['cancel', 'drivers']);
  });

  it('confirmed: cancel, change, check-in (not open yet), report, agreement, drivers', () => {
    expect(actions({ status: 'confirmed' })).toEqual(['agreement', 'cancel', 'checkIn', 'drivers', 'modify', 'reportIssue']);
    expect(tripActions(trip(), 'u1', at(-31)).checkIn).toEqual({ open: false, opensAt: at(-30) });
  });

  it('check-in opens 30 minutes before the start', () => {
    expect(tripActions(trip(), 'u1', at(-30)).checkIn).toEqual({ open: true });
    expect(tripActions(trip(), 'u1', at(5)).checkIn).toEqual({ open: true });
  });

  it('modification pending: cancel; withdraw only the request the viewer made', () => {
    const mine: Partial<Trip> = { status: 'modification_pending', history: [line('request_modification', '2029-12-02T00:00:00Z')] };
    expect(actions(mine)).toEqual(['agreement', 'cancel', 'drivers', 'reportIssue', 'withdrawModification']);
    const hosts: Partial<Trip> = { status: 'modification_pending', history: [line('request_modification', '2029-12-02T00:00:00Z', 'host-1', 'host')] };
    expect(actions(hosts)).toEqual(['agreement', 'cancel', 'drivers', 'modificationByOther', 'reportIssue']);
  });

  it('in progress: check out, incidentals, report, agreement, drivers; check-in photos for 30 minutes', () => {
    const t: Partial<Trip> = { status: 'in_progress', history: [line('check_in', '2030-01-10T17:50:00Z')] };
    expect(actions(t, at(15))).toEqual(['agreement', 'checkInPhotos', 'checkOut', 'drivers', 'incidentals', 'reportIssue']);
    expect(actions(t, at(21))).toEqual(['agreement', 'checkOut', 'drivers', 'incidentals', 'reportIssue']);
  });

  it('completed: incidentals; reports until 48 hours after the return; check-out photos for 30 minutes', () => {
    const t: Partial<Trip> = { status: 'completed', history: [line('checkout', '2030-01-12T18:00:00Z')] };
    const returned = 2 * 24 * 60; // minutes after the start: the checkout
    expect(actions(t, at(returned + 10))).toEqual(['agreement', 'checkOutPhotos', 'incidentals', 'reportIssue']);
    expect(actions(t, at(returned + 47 * 60))).toEqual(['agreement', 'incidentals', 'reportIssue']);
    expect(actions(t, at(returned + 49 * 60))).toEqual(['agreement', 'incidentals']);
  });

  it('cancelled and declined trips: nothing', () => {
    expect(actions({ status: 'cancelled_by_guest' })).toEqual([]);
    expect(actions({ status: 'cancelled_by_host' })).toEqual([]);
    expect(actions({ status: 'rejected' })).toEqual([]);
  });

  it('an additional driver may report issues and read the agreement, nothing else', () => {
    expect(actions({ status: 'confirmed', viewerRole: 'driver' }, undefined, 'u2')).toEqual(['agreement', 'reportIssue']);
    expect(actions({ status: 'in_progress', viewerRole: 'driver' }, at(10), 'u2')).toEqual(['agreement', 'reportIssue']);
  });

  it('the host viewing the trip gets no guest actions', () => {
    expect(actions({ status: 'confirmed', viewerRole: 'host' }, undefined, 'host-1')).toEqual([]);
  });
});
