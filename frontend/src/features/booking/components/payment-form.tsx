import { useEffect, useState } from 'react';
import { Field } from '@/components/field';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { env } from '@/config/env';
import { useAddPaymentMethod, usePrimaryPaymentMethod } from '../api/payment-methods';
import { LOADING_PAYMENT, NOT_READY, useLocalCard, useStripeCard, type CardEntry } from './card-entry';

type Billing = { first_name: string; last_name: string; address_line1: string; address_line2: string; city: string; state: string; postal_code: string; country: string };

export function billingErrors(b: Billing): Record<string, string> {
  const e: Record<string, string> = {};
  if (!b.first_name.trim()) e.first_name = 'First name is required';
  if (!b.address_line1.trim()) e.address_line1 = 'Street address is required';
  if (!b.city.trim()) e.city = 'City is required';
  if (!b.state.trim()) e.state = 'State is required';
  if (!b.postal_code.trim()) e.postal_code = 'Postal code is required';
  if (!b.country.trim()) e.country = 'Country is required';
  return e;
}

/**
 * The saved card with "Update Payment", or the add-card form (spec 002 section 2): the card
 * provider's embedded fields when a publishable key is configured, the local provider's test
 * cards otherwise.
 */
export function PaymentForm(props: { userId: string; onReady: (ready: boolean) => void; allowCancel?: boolean }) {
  const stripeCard = useStripeCard(env.stripePublishableKey);
  const localCard = useLocalCard();
  return <PaymentFormView {...props} card={env.stripePublishableKey ? stripeCard : localCard} />;
}

function PaymentFormView({ userId, onReady, allowCancel = true, card }: { userId: string; onReady: (ready: boolean) => void; allowCancel?: boolean; card: CardEntry }) {
  const saved = usePrimaryPaymentMethod(userId);
  const add = useAddPaymentMethod(userId);
  const [editing, setEditing] = useState(false);
  const [b, setB] = useState<Billing>({ first_name: '', last_name: '', address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: 'US' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const hasCard = Boolean(saved.data);
  useEffect(() => onReady(hasCard && !editing), [hasCard, editing, onReady]);

  if (saved.isPending) return <section className="panel" aria-busy="true"><h2>Payment</h2><Skeleton className="skeleton--block" /></section>;

  if (hasCard && !editing)
    return (
      <section className="panel" aria-labelledby="pay-title">
        <h2 id="pay-title">Payment</h2>
        <p data-testid="saved-card">
          {saved.data!.cardType} ending in {saved.data!.last4}
        </p>
        <button type="button" className="link-btn" onClick={() => setEditing(true)}>
          Update Payment
        </button>
      </section>
    );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs = billingErrors(b);
    setErrors(errs);
    if (!card.ready) return setError(NOT_READY);
    const cardError = card.check();
    setError(cardError ?? (Object.keys(errs).length ? 'Please make sure all fields are filled out correctly.' : null));
    if (cardError || Object.keys(errs).length) return;
    const name = `${b.first_name.trim()} ${b.last_name.trim()}`.trim();
    let paymentMethodId: string;
    try {
      setCreating(true);
      paymentMethodId = await card.create({ name, address: { line1: b.address_line1, line2: b.address_line2 || undefined, city: b.city, state: b.state, postal_code: b.postal_code, country: b.country } });
    } catch (err) {
      // The card provider's own message (a declined or invalid card).
      return setError(err instanceof Error && err.message ? err.message : 'Failed to add payment method.');
    } finally {
      setCreating(false);
    }
    try {
      await add.mutateAsync({ userId, paymentMethodId, billingDetails: { name, street: b.address_line1, addressLine2: b.address_line2, city: b.city, state: b.state, zip: b.postal_code, country: b.country, gateway: 'stripe' } });
      setEditing(false);
    } catch (err) {
      setError(errorMessage(err, 'Failed to add payment method.'));
    }
  };
  const input = (k: keyof Billing, label: string, autoComplete: string) => (
    <Field id={`bill-${k}`} label={label} error={errors[k]}>
      <input id={`bill-${k}`} className="input" autoComplete={autoComplete} value={b[k]} onChange={(e) => setB({ ...b, [k]: e.target.value })} aria-invalid={Boolean(errors[k])} />
    </Field>
  );
  return (
    <section className="panel" aria-labelledby="pay-title">
      <h2 id="pay-title">Payment</h2>
      {saved.isError && !hasCard && <p className="muted">We could not load your saved card.</p>}
      {!card.ready && !card.failure && (
        <p className="muted" role="status" data-testid="payment-loading">
          {LOADING_PAYMENT}
        </p>
      )}
      {card.failure && (
        <p className="form__error" role="alert">
          {card.failure}{' '}
          {card.retry && (
            <button type="button" className="link-btn" onClick={card.retry}>
              Try again
            </button>
          )}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label="Add a card" aria-busy={!card.ready}>
        {/* Disabled until the card provider's fields are ready (spec 002 section 2). */}
        <fieldset className="radio-group" disabled={!card.ready}>
          <legend className="sr-only">Card and billing address</legend>
          <div className="form__row">
            {input('first_name', 'First name', 'given-name')}
            {input('last_name', 'Last name', 'family-name')}
          </div>
          {input('address_line1', 'Street address', 'address-line1')}
          {input('address_line2', 'Apartment, suite (optional)', 'address-line2')}
          <div className="form__row">
            {input('city', 'City', 'address-level2')}
            {input('state', 'State', 'address-level1')}
          </div>
          <div className="form__row">
            {input('postal_code', 'Postal code', 'postal-code')}
            <Field id="bill-country" label="Country">
              <select id="bill-country" className="input" value={b.country} onChange={(e) => setB({ ...b, country: e.target.value })}>
                <option value="US">United States</option>
              </select>
            </Field>
          </div>
          {card.fields}
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="calendar__actions">
            {hasCard && allowCancel && (
              <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
            <button type="submit" className="btn btn--primary" disabled={add.isPending || creating}>
              {add.isPending || creating ? 'Saving...' : 'Save card'}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
