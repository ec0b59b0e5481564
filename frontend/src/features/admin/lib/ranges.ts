/** What the team pages read from their URLs. */

const DAY = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** A real `yyyy-MM-dd` day. */
export const isDay = (s: string | null | undefined): s is string => Boolean(s && /^\d{4}-\d{2}-\d{2}$/.test(s) && utcDay(new Date(`${s}T00:00:00Z`)) === s);

/** The analytics' range (UTC days): `?startDate&endDate`, else the last 7 days up to today. */
export function analyticsRange(start: string | null, end: string | null, now = new Date()): { startDate: string; endDate: string } {
  const endDate = isDay(end) ? end : utcDay(now);
  const startDate = isDay(start) ? start : utcDay(new Date(Date.parse(`${endDate}T00:00:00Z`) - 6 * DAY));
  return { startDate, endDate };
}

/** `?page=` as a page number from 1. */
export function pageParam(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
