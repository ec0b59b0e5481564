import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStripe, STRIPE_JS_URL } from './stripe-js';

const scripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === STRIPE_JS_URL);

describe('Stripe.js loader', () => {
  afterEach(() => {
    scripts().forEach((s) => s.remove());
    delete (window as { Stripe?: unknown }).Stripe;
  });

  it('adds the script from js.stripe.com once and answers Stripe for the key', async () => {
    const first = loadStripe('pk_test_1');
    const second = loadStripe('pk_test_1');
    expect(scripts()).toHaveLength(1);
    expect(STRIPE_JS_URL).toBe('https://js.stripe.com/v3');
    const instance = { elements: vi.fn(), createPaymentMethod: vi.fn() };
    const factory = vi.fn(() => instance);
    (window as { Stripe?: unknown }).Stripe = factory;
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(instance);
    await expect(second).resolves.toBe(instance);
    expect(factory).toHaveBeenCalledWith('pk_test_1');
  });
});

describe('Stripe.js loader failures', () => {
  it('rejects when the script cannot load, and a later call tries again', async () => {
    vi.resetModules();
    const { loadStripe: load } = await import('./stripe-js');
    const failed = load('pk_test_2');
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(0);
    void load('pk_test_2').catch(() => {});
    expect(scripts()).toHaveLength(1);
    scripts().forEach((s) => s.remove());
  });
});
