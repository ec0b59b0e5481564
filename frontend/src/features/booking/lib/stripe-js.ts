/**
 * Stripe.js, the card provider's script, loaded from js.stripe.com only when a publishable key
 * is configured (Stripe requires it from its own host, never bundled). Only the parts the
 * payment form uses are typed here.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export type StripeFieldType = 'cardNumber' | 'cardExpiry' | 'cardCvc';

export type StripeFieldChange = { complete: boolean; empty: boolean; error?: { message: string } };

export type StripeField = {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
  on(event: 'change', handler: (e: StripeFieldChange) => void): void;
  on(event: 'loaderror', handler: (e: { error?: { message?: string } }) => void): void;
};

export type StripeFields = { create(type: StripeFieldType, options?: Record<string, unknown>): StripeField };

export type StripeBillingDetails = {
  name: string;
  address: { line1: string; line2?: string; city: string; state: string; postal_code: string; country: string };
};

export type StripeJs = {
  elements(options?: Record<string, unknown>): StripeFields;
  createPaymentMethod(data: { type: 'card'; card: StripeField; billing_details: StripeBillingDetails }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
};

type StripeFactory = (key: string) => StripeJs;

let loading: Promise<StripeJs> | null = null;

/** Adds the script once and answers Stripe for the key; a failed load may be tried again. */
export function loadStripe(key: string): Promise<StripeJs> {
  loading ??= new Promise<StripeJs>((resolve, reject) => {
    const w = window as Window & { Stripe?: StripeFactory };
    if (w.Stripe) return resolve(w.Stripe(key));
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (w.Stripe ? resolve(w.Stripe(key)) : reject(new Error('Stripe.js loaded without Stripe')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
