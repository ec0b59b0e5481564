/**
 * The host landing's earnings slider (spec 001 sections 2 and 9): it runs 1 to 6 but never
 * goes below 2, and the headline shows (value - 1) x $1,050 over (value - 1) month(s).
 */
export const SLIDER_MIN = 1;
export const SLIDER_MAX = 6;
/** The lowest value the slider keeps: a value under it snaps back up. */
export const SLIDER_FLOOR = 2;
/** Dollars per month step. */
export const DOLLARS_PER_MONTH = 1050;

/** The slider's value as kept: whole, at least 2, at most 6 (anything unreadable reads as 2). */
export function clampSlider(value: number): number {
  if (!Number.isFinite(value)) return SLIDER_FLOOR;
  return Math.min(SLIDER_MAX, Math.max(SLIDER_FLOOR, Math.round(value)));
}

/** Months and dollars the headline shows for a slider value. */
export function earningsFor(value: number): { months: number; dollars: number } {
  const months = clampSlider(value) - 1;
  return { months, dollars: months * DOLLARS_PER_MONTH };
}

export function formatDollars(n: number): string {
  return `$${n.toLocaleString('en-US')}`;
}

/** "$1,050 in 1 month", "$5,250 in 5 months". */
export function earningsHeadline(value: number): string {
  const { months, dollars } = earningsFor(value);
  return `${formatDollars(dollars)} in ${months} ${months === 1 ? 'month' : 'months'}`;
}
