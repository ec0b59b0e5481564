import { defaultRange, toYmd, type TripRange } from '@/lib/dates';
import type { Trip } from '@/api/types';

/** Today as `YYYY-MM-DD` where the car is (a trip's dates are local to the car). */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return toYmd(now);
  }
}

/** The trip's booked range, as the form and the calendar hold it. */
export function tripRange(trip: Pick<Trip, 'newStartDate' | 'newStartTime' | 'newEndDate' | 'newEndTime'>): TripRange {
  return { fromDate: trip.newStartDate, fromTime: trip.newStartTime, untilDate: trip.newEndDate, untilTime: trip.newEndTime };
}

/**
 * The calendar's Clear on /update-trip (spec 000 section 4.1): when the trip's start is today or
 * earlier it returns to the original range; otherwise it resets to tomorrow through the day
 * after, as everywhere else.
 */
export function clearedRange(original: TripRange, timeZone: string | null | undefined, now = new Date()): { fromDate: string; untilDate: string } {
  if (original.fromDate <= todayIn(timeZone, now)) return { fromDate: original.fromDate, untilDate: original.untilDate };
  const d = defaultRange(now);
  return { fromDate: d.fromDate, untilDate: d.untilDate };
}

export type ChangeParts = { dates: boolean; extras: boolean; plan: boolean };

/** What differs from the trip as booked; only those parts are sent (absent parts are kept). */
export function changedParts(trip: Trip, range: TripRange, extras: string[], plan: string): ChangeParts {
  const booked = tripRange(trip);
  const dates = range.fromDate !== booked.fromDate || range.fromTime !== booked.fromTime || range.untilDate !== booked.untilDate || range.untilTime !== booked.untilTime;
  const had = trip.extras.map((e) => e.extraId).sort();
  const now = [...extras].sort();
  const extrasChanged = had.length !== now.length || had.some((x, i) => x !== now[i]);
  return { dates, extras: extrasChanged, plan: plan !== trip.protectionPlanType };
}
