// Formatters are built once: `toLocaleString` with options builds a new one on every call,
// which showed up as tens of milliseconds when a page of results renders.
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Money in USD with 2 decimals (spec 000 section 9). */
export function money(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return `$${CENTS.format(n)}`;
}

/** Whole dollars for compact labels (map markers). */
export function moneyShort(n: number): string {
  return `$${WHOLE.format(Math.round(n))}`;
}

/** One decimal; 5.0 when missing (home cards, mobile search). */
export function rating(r: number | null | undefined, fallback = '5.0'): string {
  if (!r || !Number.isFinite(r) || r <= 0) return fallback;
  return r.toFixed(1);
}

export function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/**
 * A stored name written as an identifier (`post_trip_cleaning`, `prepaid_refuel`) as words:
 * "Post trip cleaning". A name the host typed in words is left as it is.
 */
export function words(s: string): string {
  if (!/^[a-z0-9]+(_[a-z0-9]+)+$/.test(s)) return s;
  const t = s.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * An extra's name: its description when its type is a stored identifier (`prepaid_refuel`,
 * described "Prepaid refuel"), else the type the host wrote; `detail` is the description when
 * it says more than the name.
 */
export function extraName(extraType: string, description: string): { name: string; detail: string } {
  const id = words(extraType) !== extraType;
  const name = id && description.trim() ? description.trim() : words(extraType);
  return { name, detail: description.trim() === name ? '' : description };
}
