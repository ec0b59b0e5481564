import type { IssueChargeEntry } from '../api/get-issue-charges';

export type ChargeLine = { name: string; price: number };

/** `Charge_name` -> `Charge name`. */
export function chargeName(key: string): string {
  return key.replace(/_/g, ' ');
}

/** A charge item set as the summary card lists it: prices above zero only, underscores as spaces. */
export function chargeLines(charges: Record<string, { price: string }>): ChargeLine[] {
  return Object.entries(charges)
    .map(([key, v]) => ({ name: chargeName(key), price: Number(v.price) }))
    .filter((l) => Number.isFinite(l.price) && l.price > 0);
}

/** On report-issue paths the card shows the single entry of the matching issue type, or none. */
export function matchingEntry(entries: IssueChargeEntry[], type: string): IssueChargeEntry | null {
  const want = type.toLowerCase().replace(/[\s-]/g, '_');
  return entries.find((e) => e.type.toLowerCase() === want) ?? null;
}
