/**
 * Card entry without a publishable key (development): the backend's local payment provider
 * accepts Stripe's test payment-method ids; card numbers map to them the way Stripe's test mode
 * does, so no real card data is ever sent. With a key the form uses the provider's embedded
 * fields instead (`components/card-entry.tsx`).
 */
export type CardInput = { number: string; expiry: string; cvc: string };

const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '4000000000000002': 'pm_card_chargeDeclined',
  // Saved without complaint; every later charge is declined (a far-ahead trip's hold fails).
  '4000000000000341': 'pm_card_chargeCustomerFail',
};

export function cardErrors(c: CardInput, now = new Date()): string | null {
  const digits = c.number.replace(/\D/g, '');
  if (!digits || !c.expiry.trim() || !c.cvc.trim()) {
    if (!digits) return 'Please complete all card details';
    if (!c.expiry.trim()) return 'Please complete the expiry date';
    return 'Please complete the CVC';
  }
  if (digits.length < 13) return 'Please complete all card details';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(c.expiry.trim());
  if (!m) return 'Please complete the expiry date';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'Please complete the expiry date';
  // Expired: before the current month and year.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return 'Card has expired';
  if (!/^\d{3,4}$/.test(c.cvc.trim())) return 'Please complete the CVC';
  return null;
}

export function createPaymentMethod(c: CardInput): Promise<string> {
  const id = TEST_CARDS[c.number.replace(/\D/g, '')];
  if (!id) return Promise.reject(new Error('Use a test card in development (for example 4242 4242 4242 4242).'));
  return Promise.resolve(id);
}
