import { describe, expect, it } from 'vitest';
import { trip } from '@/test/fixtures';
import { groupByMonth, pastTripText, splitUpcoming } from './past-trips';

describe('past trips (spec 001 section 4)', () => {
  it("says who cancelled and when, in the car's time zone", () => {
    const byGuest = trip({ isCancelled: true, cancelledBy: 'guest', firstName: 'Dana', lastName: 'Green', cancelDate: '2030-01-08T03:00:00Z', status: 'cancelled_by_guest' });
    // 03:00 UTC on the 8th is still the 7th in California.
    expect(pastTripText(byGuest)).toBe('Cancelled by Dana Green on Jan 7, 2030');
    const byHost = trip({ isCancelled: true, cancelledBy: 'host', hostName: 'Grace K.', cancelDate: '2030-01-09T18:00:00Z' });
    expect(pastTripText(byHost)).toBe('Cancelled by Grace K. on Jan 9, 2030');
  });

  it("says when a trip ended, or that the end date is unavailable", () => {
    expect(pastTripText(trip({ endTime: '2030-01-12T10:00:00-08:00' }))).toBe('Ended on Jan 12, 2030');
    expect(pastTripText(trip({ endTime: '', endDate: '' }))).toBe('End date unavailable');
  });

  it('groups by the month and year of the start, keeping the order given', () => {
    const groups = groupByMonth([
      trip({ tripId: 'a', startTime: '2030-03-02T10:00:00-08:00' }),
      trip({ tripId: 'b', startTime: '2030-03-01T01:00:00-08:00' }),
      // 2030-03-01 05:00 UTC is Feb 28 in California: February.
      trip({ tripId: 'c', startTime: '2030-03-01T05:00:00Z' }),
      trip({ tripId: 'd', startTime: '2029-12-20T10:00:00-08:00' }),
    ]);
    expect(groups.map((g) => [g.label, g.trips.map((t) => t.tripId)])).toEqual([
      ['March 2030', ['a', 'b']],
      ['February 2030', ['c']],
      ['December 2029', ['d']],
    ]);
  });

  it('puts requests apart from the trips that hold the car', () => {
    const { requests, upcoming } = splitUpcoming([
      trip({ tripId: 'r', status: 'requested' }),
      trip({ tripId: 'c', status: 'confirmed' }),
      trip({ tripId: 'p', status: 'in_progress' }),
      trip({ tripId: 'm', status: 'modification_pending' }),
    ]);
    expect(requests.map((t) => t.tripId)).toEqual(['r']);
    expect(upcoming.map((t) => t.tripId)).toEqual(['c', 'p', 'm']);
  });
});
