import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Field } from '@/components/field';
import { cardErrors, createPaymentMethod } from '../lib/payment-provider';
import { loadStripe, type StripeBillingDetails, type StripeField, type StripeFieldType, type StripeJs } from '../lib/stripe-js';

/** The spec's card texts (spec 002 sections 2, 5 and 8). */
export const LOADING_PAYMENT = 'Loading payment system...';
export const NOT_READY = 'Payment system is not ready. Please try again in a moment.';
export const NOT_LOADED = 'Card elements are not loaded properly.';

/**
 * What the payment form needs of a card entry: its fields, whether it is ready, the card's own
 * check (a message or null) and the payment-method id the server is given.
 */
export type CardEntry = {
  fields: ReactNode;
  ready: boolean;
  /** A problem that keeps the entry from ever becoming ready (the script did not load). */
  failure: string | null;
  /** Loads the provider's script again after it failed. */
  retry?: () => void;
  check: () => string | null;
  create: (billing: StripeBillingDetails) => Promise<string>;
};

/** Development: the local payment provider's test cards (no card data leaves the browser). */
export function useLocalCard(): CardEntry {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const fields = (
    <>
      <Field id="card-number" label="Card number">
        <input id="card-number" className="input" inputMode="numeric" autoComplete="cc-number" value={card.number} onChange={(e) => setCard({ ...card, number: e.target.value })} />
      </Field>
      <div className="form__row">
        <Field id="card-expiry" label="Expiry (MM/YY)">
          <input id="card-expiry" className="input" autoComplete="cc-exp" placeholder="MM/YY" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} />
        </Field>
        <Field id="card-cvc" label="CVC">
          <input id="card-cvc" className="input" inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} />
        </Field>
      </div>
    </>
  );
  return { fields, ready: true, failure: null, check: () => cardErrors(card), create: () => createPaymentMethod(card) };
}

const FIELDS: { type: StripeFieldType; label: string; incomplete: string }[] = [
  { type: 'cardNumber', label: 'Card number', incomplete: 'Please complete all card details' },
  { type: 'cardExpiry', label: 'Expiry', incomplete: 'Please complete the expiry date' },
  { type: 'cardCvc', label: 'CVC', incomplete: 'Please complete the CVC' },
];

type FieldState = { ready: boolean; complete: boolean; error: string | null };
const EMPTY: Record<StripeFieldType, FieldState> = {
  cardNumber: { ready: false, complete: false, error: null },
  cardExpiry: { ready: false, complete: false, error: null },
  cardCvc: { ready: false, complete: false, error: null },
};

/**
 * Production: the card provider's embedded fields (Stripe Elements: number, expiry, CVC), in
 * frames of the provider, so card data never reaches this app. Ready once Stripe.js is loaded
 * and all three fields say they are ready.
 */
export function useStripeCard(publishableKey: string | null): CardEntry {
  const [stripe, setStripe] = useState<StripeJs | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState(EMPTY);
  const [nodes, setNodes] = useState<Partial<Record<StripeFieldType, HTMLDivElement | null>>>({});
  const mounted = useRef<Partial<Record<StripeFieldType, StripeField>>>({});

  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    loadStripe(publishableKey).then(
      (s) => live && setStripe(s),
      (err: unknown) => {
        console.warn('card provider not loaded', err);
        if (live) setFailure(NOT_READY);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  const { cardNumber, cardExpiry, cardCvc } = nodes;
  useEffect(() => {
    if (!stripe || !cardNumber || !cardExpiry || !cardCvc) return;
    const elements = stripe.elements();
    const targets: Record<StripeFieldType, HTMLDivElement> = { cardNumber, cardExpiry, cardCvc };
    const created: Partial<Record<StripeFieldType, StripeField>> = {};
    for (const { type } of FIELDS) {
      const field = elements.create(type, { style: { base: { fontSize: '16px', color: '#1d2430' } } });
      const patch = (p: Partial<FieldState>) => setState((s) => ({ ...s, [type]: { ...s[type], ...p } }));
      field.on('ready', () => patch({ ready: true }));
      field.on('change', (e) => patch({ complete: e.complete, error: e.error?.message ?? null }));
      field.on('loaderror', () => setFailure(NOT_LOADED));
      field.mount(targets[type]);
      created[type] = field;
    }
    mounted.current = created;
    return () => {
      for (const f of Object.values(created)) f?.destroy();
      mounted.current = {};
      setState(EMPTY);
    };
  }, [stripe, cardNumber, cardExpiry, cardCvc]);

  // One stable ref callback per field (a new one each render would unmount and mount again).
  const refs = useMemo(() => {
    const set = (type: StripeFieldType) => (el: HTMLDivElement | null) => setNodes((n) => (n[type] === el ? n : { ...n, [type]: el }));
    return { cardNumber: set('cardNumber'), cardExpiry: set('cardExpiry'), cardCvc: set('cardCvc') };
  }, []);
  const ready = Boolean(stripe) && FIELDS.every(({ type }) => state[type].ready);

  const fields = (
    <>
      {FIELDS.map(({ type, label }) => (
        <div className="field" key={type}>
          <span className="field__label" id={`stripe-${type}-label`}>
            {label}
          </span>
          <div ref={refs[type]} className="input" role="group" aria-labelledby={`stripe-${type}-label`} data-testid={`stripe-${type}`} />
          {state[type].error && (
            <p className="field__error" role="alert">
              {state[type].error}
            </p>
          )}
        </div>
      ))}
    </>
  );

  const check = (): string | null => {
    if (!stripe) return NOT_READY;
    if (FIELDS.some(({ type }) => !mounted.current[type] || !state[type].ready)) return NOT_LOADED;
    for (const { type, incomplete } of FIELDS) {
      if (state[type].error) return state[type].error;
      if (!state[type].complete) return incomplete;
    }
    return null;
  };

  const create = async (billing: StripeBillingDetails): Promise<string> => {
    const card = mounted.current.cardNumber;
    if (!stripe || !card) throw new Error(NOT_LOADED);
    const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
    if (result.error || !result.paymentMethod) throw new Error(result.error?.message || 'Failed to add payment method.');
    return result.paymentMethod.id;
  };

  const retry = () => {
    setFailure(null);
    setAttempt((a) => a + 1);
  };

  return { fields, ready, failure, retry: failure === NOT_READY ? retry : undefined, check, create };
}
