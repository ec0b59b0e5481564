/**
 * The daily price and discount rules of the listing wizard (spec 001 sections 5 and 9), used by
 * the car's pricing page. The server enforces them too; these only spare a round trip.
 */

/** Under this daily price the car is for long-term rental only: a warning asks first. */
export const PRICE_WARNING_THRESHOLD = 50;
export const MAX_DISCOUNT = 50;

export const PRICE_REQUIRED = 'Daily price is required.';
export const PRICE_POSITIVE = 'Please enter a valid daily price greater than 0.';
export const DISCOUNT_RANGE = 'Discounts are whole percentages from 0 to 50.';

/** The price field keeps digits only, as typed or pasted. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/** The message for a daily price as typed (digits only), or null when it is valid. */
export function dailyPriceError(value: string): string | null {
  if (value.trim() === '') return PRICE_REQUIRED;
  if (!/^\d+$/.test(value) || Number(value) <= 0) return PRICE_POSITIVE;
  return null;
}

/** Whether a valid price asks for the long-term-only warning before it is sent. */
export function needsLowPriceWarning(value: string): boolean {
  return dailyPriceError(value) === null && Number(value) < PRICE_WARNING_THRESHOLD;
}

/** A weekly or monthly discount as typed: a whole percentage 0-50 (empty reads as 0). */
export function discountError(value: string): string | null {
  if (value.trim() === '') return null;
  if (!/^\d+$/.test(value.trim()) || Number(value) > MAX_DISCOUNT) return DISCOUNT_RANGE;
  return null;
}
