import { money } from '@/lib/format';
import type { IncidentalItem } from '../api/add-incidentals';
import type { Incidental } from '../api/get-incidentals';
import type { IncidentalOption, IncidentalOptionsData } from '../api/get-incidental-options';

/** The spec's texts for incidentals (spec 002 section 8). */
export const INCIDENTAL_MESSAGES = {
  addFailed: 'Failed to add Incidentals',
  removeFailed: 'Failed to remove incidentals.',
  acceptFailed: 'Failed to accept incidentals.',
  disputeFailed: 'The dispute could not be sent.',
} as const;

export const INCIDENTAL_STATUS: Record<Incidental['status'], string> = { pending: 'Pending', disputed: 'Disputed', charged: 'Charged', removed: 'Removed' };

/** The longest reason a guest may give for a dispute (the server refuses more). */
export const MAX_DISPUTE_REASON = 2000;

/** The longest note the server keeps with an incidental. */
export const MAX_INCIDENTAL_NOTE = 1000;
/** The most miles an incidental may say were driven (the gateway refuses more). */
export const MAX_MILES_DRIVEN = 1_000_000;

/** The trip's numbers the options are computed from. */
export type TripFacts = Pick<IncidentalOptionsData, 'averageDailyRate' | 'milesIncluded' | 'pricePerMile' | 'minutesLate'>;

/** What the host has filled in for one kind of incidental. */
export type IncidentalDraft = { chosen: boolean; amount: string; miles: string; improperReturn: boolean; note: string };
export const EMPTY_DRAFT: IncidentalDraft = { chosen: false, amount: '', miles: '', improperReturn: false, note: '' };

export type DraftErrors = { amount?: string; miles?: string; note?: string };

/** Why a kind cannot be charged on this trip (its rule gives nothing), else null. */
export function unavailableReason(o: IncidentalOption, facts: TripFacts): string | null {
  if (o.computedFrom === 'lateness' && (o.amountNow === null || o.amountNow === undefined))
    return facts.minutesLate > 0 ? `Returned ${facts.minutesLate} min late: within the 30-minute grace period, nothing to charge.` : 'The car was not returned late.';
  if (o.computedFrom === 'miles' && !(facts.pricePerMile > 0)) return 'This trip has no price per extra mile.';
  return null;
}

/** What a kind costs on this trip, as shown beside it. */
export function optionPrice(o: IncidentalOption, facts: TripFacts): string {
  switch (o.computedFrom) {
    case 'fixed':
      return o.amount === null || o.amount === undefined ? '' : money(o.amount);
    case 'lateness':
      return o.amountNow === null || o.amountNow === undefined ? '' : `${money(o.amountNow)} for ${facts.minutesLate} min late`;
    case 'miles':
      return facts.pricePerMile > 0 ? `${money(facts.pricePerMile)} a mile beyond the ${facts.milesIncluded} included` : '';
    default:
      return o.maxAmount === null || o.maxAmount === undefined ? 'The amount paid' : `The amount paid, up to ${money(o.maxAmount)}`;
  }
}

/**
 * One chosen kind as the charge sent (`addIncidentals`), or what is wrong with its fields. The
 * server computes the price from its rule and has the last word (it refuses what its rule does
 * not allow, with its message).
 */
export function draftToItem(o: IncidentalOption, d: IncidentalDraft, facts: TripFacts): { item: IncidentalItem } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const note = d.note.trim();
  if (note.length > MAX_INCIDENTAL_NOTE) errors.note = `A note has at most ${MAX_INCIDENTAL_NOTE.toLocaleString('en-US')} characters.`;
  const item: IncidentalItem = { type: o.type, description: note };
  if (o.computedFrom === 'amount') {
    const text = d.amount.trim();
    const n = Number(text);
    const max = o.maxAmount ?? null;
    if (!text || !Number.isFinite(n) || n <= 0) errors.amount = 'Enter the amount paid, more than $0.';
    else if (max !== null && n > max) errors.amount = `Enter at most ${money(max)}.`;
    else if (Math.round(n * 100) !== Math.round(n * 1e6) / 1e4) errors.amount = 'Enter dollars and cents (2 decimals at most).';
    else item.amount = Math.round(n * 100) / 100;
  } else if (o.computedFrom === 'miles') {
    const text = d.miles.trim();
    const miles = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(miles) || miles <= facts.milesIncluded) errors.miles = `Enter the miles driven on the trip, more than the ${facts.milesIncluded} included.`;
    else if (miles > MAX_MILES_DRIVEN) errors.miles = `Enter at most ${MAX_MILES_DRIVEN.toLocaleString('en-US')} miles.`;
    else item.milesDriven = miles;
  } else if (o.computedFrom === 'lateness') {
    item.improperReturn = d.improperReturn;
  }
  return Object.keys(errors).length ? { errors } : { item };
}
