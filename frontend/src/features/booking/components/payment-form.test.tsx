import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/config/env';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import type { StripeField, StripeFieldChange, StripeFieldType, StripeJs } from '../lib/stripe-js';
import { loadStripe } from '../lib/stripe-js';
import { PaymentForm } from './payment-form';

// A publishable key is configured: the form uses the provider's embedded fields.
vi.mock('@/config/env', () => ({ env: { apiUrl: '', mapboxToken: null, stripePublishableKey: 'pk_test_abc123' }, parseEnv: vi.fn() }));
vi.mock('../lib/stripe-js', () => ({ loadStripe: vi.fn(), STRIPE_JS_URL: 'https://js.stripe.com/v3' }));

type FakeField = StripeField & { type: StripeFieldType; emit: { ready: () => void; change: (e: StripeFieldChange) => void; loaderror: () => void }; mountedOn: HTMLElement | null; destroyed: boolean };

/** A stand-in for Stripe.js: fields that say ready or change when the test says so. */
function fakeStripe(result: { paymentMethod?: { id: string }; error?: { message?: string } } = { paymentMethod: { id: 'pm_live_1' } }) {
  const fields: FakeField[] = [];
  const createPaymentMethod = vi.fn(async () => result);
  const stripe: StripeJs = {
    elements: () => ({
      create(type) {
        const handlers: Record<string, (e?: unknown) => void> = {};
        const field = {
          type,
          mountedOn: null as HTMLElement | null,
          destroyed: false,
          mount(el: HTMLElement) {
            field.mountedOn = el;
          },
          destroy() {
            field.destroyed = true;
          },
          on(event: string, h: (e?: unknown) => void) {
            handlers[event] = h;
          },
          emit: {
            ready: () => handlers.ready?.(),
            change: (e: StripeFieldChange) => handlers.change?.(e),
            loaderror: () => handlers.loaderror?.({}),
          },
        } as unknown as FakeField;
        fields.push(field);
        return field;
      },
    }),
    createPaymentMethod,
  };
  const live = () => fields.filter((f) => !f.destroyed);
  const field = (type: StripeFieldType) => live().find((f) => f.type === type)!;
  return { stripe, fields: live, field, createPaymentMethod };
}

const added: unknown[] = [];
beforeEach(() => {
  added.length = 0;
  vi.mocked(loadStripe).mockReset();
  server.use(
    http.post('*/v1/payment/stripe/getPrimaryPaymentMethod', () => HttpResponse.json({ status: true, data: added.length ? { paymentMethodId: 'pm_live_1', cardType: 'visa', last4: '4242' } : null })),
    http.post('*/v1/payment/stripe/addPaymentMethod', async ({ request }) => {
      added.push(await request.json());
      return HttpResponse.json({ status: true, message: 'Payment method added', data: { paymentMethodId: 'pm_live_1', cardType: 'visa', last4: '4242' } });
    }),
    http.get('*/v1/users/getuser/u1', () => HttpResponse.json({ status: true, user: { _id: 'u1', hasPaymentMethod: true } })),
  );
});

function renderForm() {
  const onReady = vi.fn();
  renderWithProviders(<PaymentForm userId="u1" onReady={onReady} />);
  return { onReady, user: userEvent.setup() };
}

async function fillBilling(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Dana');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Street address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Fremont');
  await user.type(screen.getByLabelText('State'), 'CA');
  await user.type(screen.getByLabelText('Postal code'), '94536');
}

describe('payment form with the card provider', () => {
  it('is disabled with "Loading payment system..." until Stripe.js and all three fields are ready', async () => {
    const fake = fakeStripe();
    let resolve!: (s: StripeJs) => void;
    vi.mocked(loadStripe).mockReturnValue(new Promise((r) => (resolve = r)));
    renderForm();
    expect(await screen.findByText('Loading payment system...')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_abc123');
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeDisabled();
    // No card number input of our own: the provider's frames hold the card.
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();

    await act(async () => resolve(fake.stripe));
    await waitFor(() => expect(fake.fields()).toHaveLength(3));
    expect(fake.field('cardNumber').mountedOn).toBe(screen.getByTestId('stripe-cardNumber'));
    expect(fake.field('cardExpiry').mountedOn).toBe(screen.getByTestId('stripe-cardExpiry'));
    expect(fake.field('cardCvc').mountedOn).toBe(screen.getByTestId('stripe-cardCvc'));
    act(() => {
      fake.field('cardNumber').emit.ready();
      fake.field('cardExpiry').emit.ready();
    });
    expect(screen.getByText('Loading payment system...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeDisabled();
    act(() => fake.field('cardCvc').emit.ready());
    await waitFor(() => expect(screen.queryByText('Loading payment system...')).toBeNull());
    expect(screen.getByLabelText('First name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
  });

  it('says the payment system is not ready when Stripe.js does not load, and tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(loadStripe).mockRejectedValueOnce(new Error('blocked'));
    const { user } = renderForm();
    expect(await screen.findByText(/Payment system is not ready\. Please try again in a moment\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeDisabled();
    const fake = fakeStripe();
    vi.mocked(loadStripe).mockResolvedValueOnce(fake.stripe);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.fields()).toHaveLength(3));
    expect(loadStripe).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('says the card fields are not loaded when a field fails to load', async () => {
    const fake = fakeStripe();
    vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
    renderForm();
    await waitFor(() => expect(fake.fields()).toHaveLength(3));
    act(() => fake.field('cardCvc').emit.loaderror());
    expect(await screen.findByText('Card elements are not loaded properly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeDisabled();
  });

  it('checks the card fields, then sends the provider payment method with the billing address', async () => {
    const fake = fakeStripe();
    vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
    const { user } = renderForm();
    await waitFor(() => expect(fake.fields()).toHaveLength(3));
    act(() => fake.fields().forEach((f) => f.emit.ready()));
    await fillBilling(user);

    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete all card details');
    act(() => fake.field('cardNumber').emit.change({ complete: true, empty: false }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the expiry date');
    // The provider's own message for a field.
    act(() => fake.field('cardExpiry').emit.change({ complete: false, empty: false, error: { message: "Your card's expiration year is in the past." } }));
    expect(screen.getAllByText("Your card's expiration year is in the past.").length).toBeGreaterThan(0);
    act(() => fake.field('cardExpiry').emit.change({ complete: true, empty: false }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the CVC');
    expect(fake.createPaymentMethod).not.toHaveBeenCalled();

    act(() => fake.field('cardCvc').emit.change({ complete: true, empty: false }));
    const number = fake.field('cardNumber');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByTestId('saved-card')).toHaveTextContent('visa ending in 4242');
    expect(fake.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: number,
      billing_details: { name: 'Dana Lee', address: { line1: '1 Main St', line2: undefined, city: 'Fremont', state: 'CA', postal_code: '94536', country: 'US' } },
    });
    expect(added).toEqual([expect.objectContaining({ userId: 'u1', paymentMethodId: 'pm_live_1', billingDetails: expect.objectContaining({ street: '1 Main St', city: 'Fremont', state: 'CA', country: 'US', gateway: 'stripe' }) })]);
  });

  it("shows the provider's message when it refuses the card, and sends nothing", async () => {
    const fake = fakeStripe({ error: { message: 'Your card was declined.' } });
    vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
    const { user } = renderForm();
    await waitFor(() => expect(fake.fields()).toHaveLength(3));
    act(() => fake.fields().forEach((f) => {
      f.emit.ready();
      f.emit.change({ complete: true, empty: false });
    }));
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(added).toEqual([]);
  });
});

describe('the publishable key setting', () => {
  it('takes pk_test_ and pk_live_ keys and refuses anything else', async () => {
    const real = await vi.importActual<typeof import('@/config/env')>('@/config/env');
    expect(real.parseEnv({ VITE_STRIPE_PUBLISHABLE_KEY: ' pk_test_51Abc ' }).stripePublishableKey).toBe('pk_test_51Abc');
    expect(real.parseEnv({}).stripePublishableKey).toBeNull();
    expect(() => real.parseEnv({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' })).toThrow(/publishable key/);
    expect(parseEnv).not.toHaveBeenCalled();
  });
});
