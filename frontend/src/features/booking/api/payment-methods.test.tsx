import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMe } from '@/api/get-me';
import type { Answer } from '@/api/types';
import { user } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { server } from '@/test/server';
import { ME_REFRESHES, ME_REFRESH_MS, useAddPaymentMethod } from './payment-methods';

const CARD: Answer<'/v1/payment/stripe/addPaymentMethod', 'post'> = {
  status: true,
  message: 'Payment method added',
  data: { paymentMethodId: 'pm_1', cardType: 'visa', last4: '4242', expMonth: 12, expYear: 2030, billingAddress: { street: '1 Main St', addressLine2: '', city: 'Fremont', state: 'CA', zip: '94536', country: 'US' } },
};

/** `getuser` says `hasPaymentMethod` from its `flipsAt`-th call on (the event landing late). */
function serve(flipsAt: number) {
  const calls = { me: 0 };
  server.use(
    http.get('*/v1/users/getuser/u1', () => {
      calls.me++;
      const flipped = calls.me >= flipsAt;
      const answer: Answer<'/v1/users/getuser/{id}', 'get'> = { status: true, user: user({ hasPaymentMethod: flipped, currentTier: flipped ? 'Trusted' : 'Explorer' }) };
      return HttpResponse.json(answer);
    }),
    http.post('*/v1/payment/stripe/addPaymentMethod', () => HttpResponse.json(CARD)),
    http.post('*/v1/payment/stripe/getPrimaryPaymentMethod', () => HttpResponse.json(CARD)),
  );
  return calls;
}

function renderMeAndCard() {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => ({ me: useMe('u1'), add: useAddPaymentMethod('u1') }), { wrapper }).result;
}

const addCard = (result: ReturnType<typeof renderMeAndCard>) =>
  act(() => result.current.add.mutateAsync({ userId: 'u1', paymentMethodId: 'pm_card_visa', billingDetails: { name: 'Dana Lee', street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', country: 'US', gateway: 'stripe' } }));

describe('adding a card refreshes the user', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('asks getuser again until hasPaymentMethod and the tier arrive, then stops', async () => {
    const calls = serve(3);
    const result = renderMeAndCard();
    await vi.waitFor(() => expect(result.current.me.data?.hasPaymentMethod).toBe(false));
    await addCard(result);
    // At once (call 2, still false), then a second later (call 3, true).
    await vi.waitFor(() => expect(calls.me).toBe(2));
    expect(result.current.me.data?.hasPaymentMethod).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(ME_REFRESH_MS));
    await vi.waitFor(() => expect(result.current.me.data?.hasPaymentMethod).toBe(true));
    expect(result.current.me.data?.currentTier).toBe('Trusted');
    await act(() => vi.advanceTimersByTimeAsync(10 * ME_REFRESH_MS));
    expect(calls.me).toBe(3);
  });

  it('gives up after a bounded number of tries when the change never comes', async () => {
    const calls = serve(Infinity);
    const result = renderMeAndCard();
    await vi.waitFor(() => expect(result.current.me.data).toBeDefined());
    await addCard(result);
    for (let i = 0; i < ME_REFRESHES + 5; i++) await act(() => vi.advanceTimersByTimeAsync(ME_REFRESH_MS));
    // The first read, the invalidation at once, then ME_REFRESHES more.
    await vi.waitFor(() => expect(calls.me).toBe(2 + ME_REFRESHES));
    expect(result.current.me.data?.hasPaymentMethod).toBe(false);
  });
});
