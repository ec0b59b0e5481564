/**
 * Check-in opens 30 minutes before the trip's start (the terms' photo rule; docs/API.md,
 * check-in and checkout). The page shows when and waits; the server is the judge.
 */
export const CHECK_IN_OPENS_BEFORE_MS = 30 * 60 * 1000;

/** When check-in opens, or null for a start that is not a date. */
export function checkInOpensAt(startTime: string | null | undefined): Date | null {
  if (!startTime) return null;
  const t = Date.parse(startTime);
  return Number.isNaN(t) ? null : new Date(t - CHECK_IN_OPENS_BEFORE_MS);
}

/** Whether check-in is open at `now` (an unknown start leaves it to the server). */
export function isCheckInOpen(startTime: string | null | undefined, now: Date = new Date()): boolean {
  const opens = checkInOpensAt(startTime);
  return !opens || now.getTime() >= opens.getTime();
}

/** Milliseconds until check-in opens (0 when open). */
export function msUntilCheckIn(startTime: string | null | undefined, now: Date = new Date()): number {
  const opens = checkInOpensAt(startTime);
  return opens ? Math.max(0, opens.getTime() - now.getTime()) : 0;
}

/** The statuses a trip can be checked in from, and out from. */
export const CAN_CHECK_IN = new Set(['confirmed', 'in_progress']);
export const CAN_CHECK_OUT = new Set(['in_progress', 'completed']);
