import type { Trip } from '@/api/types';

/** A day as the host reads it, in the car's time zone: `Jan 5, 2027`. */
export function formatDay(iso: string | null | undefined, timeZone?: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const opts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
  try {
    return d.toLocaleDateString('en-US', { ...opts, timeZone: timeZone || undefined });
  } catch {
    return d.toLocaleDateString('en-US', opts);
  }
}

/** Who cancelled, by name: the guest's name, or the host's. */
export function cancellerName(t: Trip): string {
  if (t.cancelledBy === 'host') return t.hostName || 'the host';
  const guest = [t.firstName, t.lastName].filter(Boolean).join(' ') || t.renterName;
  return guest || 'the guest';
}

/**
 * The line under a past trip (spec 001 section 4): 'Cancelled by {name} on {date}' for a
 * cancelled trip, else 'Ended on {date}', or 'End date unavailable' without an end.
 */
export function pastTripText(t: Trip): string {
  if (t.isCancelled) {
    const on = formatDay(t.cancelDate, t.timeZone);
    return on ? `Cancelled by ${cancellerName(t)} on ${on}` : `Cancelled by ${cancellerName(t)}`;
  }
  const ended = formatDay(t.endTime ?? t.endDate, t.timeZone);
  return ended ? `Ended on ${ended}` : 'End date unavailable';
}

export type MonthGroup = { key: string; label: string; trips: Trip[] };

/**
 * Past trips grouped by the month and year of their start (in the car's time zone), in the
 * order the server gave (newest first); a trip without a start goes to "Date unavailable".
 */
export function groupByMonth(trips: Trip[]): MonthGroup[] {
  const groups = new Map<string, MonthGroup>();
  for (const t of trips) {
    const iso = t.startTime ?? t.startDate;
    const d = iso ? new Date(iso) : null;
    let key = 'unknown';
    let label = 'Date unavailable';
    if (d && !Number.isNaN(d.getTime())) {
      const tz = t.timeZone || undefined;
      let parts: Intl.DateTimeFormatPart[];
      try {
        parts = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: tz }).formatToParts(d);
      } catch {
        parts = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).formatToParts(d);
      }
      const month = parts.find((p) => p.type === 'month')?.value ?? '';
      const year = parts.find((p) => p.type === 'year')?.value ?? '';
      key = `${year}-${month}`;
      label = `${month} ${year}`;
    }
    const g = groups.get(key) ?? { key, label, trips: [] };
    g.trips.push(t);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** The upcoming list split: requests waiting for the host's answer, and the trips that hold the car. */
export function splitUpcoming(trips: Trip[]): { requests: Trip[]; upcoming: Trip[] } {
  const requests = trips.filter((t) => t.status === 'requested');
  const upcoming = trips.filter((t) => t.status !== 'requested' && t.status !== 'rejected' && !t.isCancelled);
  return { requests, upcoming };
}
