/**
 * The environment, read once and validated. Vite inlines `import.meta.env` at build time;
 * nothing else in the app reads it.
 */
export type Env = {
  /** Base URL of the gateway; empty means the same origin that served the app. */
  apiUrl: string;
  /** A Mapbox token turns on Mapbox styles; without one the map uses MapLibre and the style shipped in the repo. */
  mapboxToken: string | null;
  /**
   * The card provider's publishable key: with one the payment form uses Stripe's embedded
   * fields (Stripe.js from js.stripe.com); without one it takes the local provider's test cards.
   */
  stripePublishableKey: string | null;
};

export function parseEnv(raw: Record<string, unknown>): Env {
  const apiUrl = typeof raw.VITE_API_URL === 'string' ? raw.VITE_API_URL.trim() : '';
  if (apiUrl && !/^https?:\/\/[^/]+/.test(apiUrl)) {
    throw new Error(`VITE_API_URL must be an http(s) URL, got "${apiUrl}"`);
  }
  const token = typeof raw.VITE_MAPBOX_TOKEN === 'string' ? raw.VITE_MAPBOX_TOKEN.trim() : '';
  if (token && !/^pk\./.test(token)) {
    throw new Error('VITE_MAPBOX_TOKEN must be a public Mapbox token (pk.*)');
  }
  const stripeKey = typeof raw.VITE_STRIPE_PUBLISHABLE_KEY === 'string' ? raw.VITE_STRIPE_PUBLISHABLE_KEY.trim() : '';
  if (stripeKey && !/^pk_(test|live)_[A-Za-z0-9]+$/.test(stripeKey)) {
    throw new Error('VITE_STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_* or pk_live_*)');
  }
  return { apiUrl: apiUrl.replace(/\/$/, ''), mapboxToken: token || null, stripePublishableKey: stripeKey || null };
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>);
