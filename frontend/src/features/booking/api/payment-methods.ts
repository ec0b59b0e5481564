import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body, PaymentMethod, Schemas, User } from '@/api/types';
import { api } from '@/lib/api-client';

/**
 * The card's billing address as the form sends it, and the spec's `gateway: 'stripe'` (002
 * section 2), which the server does not read.
 */
export type BillingDetails = Schemas['BillingDetailsBody'] & { gateway: 'stripe' };
export type AddPaymentMethodBody = Omit<Body<'/v1/payment/stripe/addPaymentMethod', 'post'>, 'billingDetails'> & { billingDetails: BillingDetails };

export async function getPrimaryPaymentMethod(): Promise<PaymentMethod | null> {
  // The spec's client sent its `userId`; the route declares no body (the server reads the
  // token), so none is sent. `userId` keys the query.
  const r = await api.post('/v1/payment/stripe/getPrimaryPaymentMethod');
  return r.data ?? null;
}

export const primaryPaymentMethodQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.paymentMethod(userId), queryFn: () => getPrimaryPaymentMethod(), enabled: Boolean(userId), retry: false });

export const usePrimaryPaymentMethod = (userId: string) => useQuery(primaryPaymentMethodQueryOptions(userId));

export function addPaymentMethod(body: AddPaymentMethodBody) {
  return api.post('/v1/payment/stripe/addPaymentMethod', { body });
}

/** How often, and how many more times, `me` is asked again after a card is added. */
export const ME_REFRESH_MS = 1000;
export const ME_REFRESHES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A new card changes the user's `hasPaymentMethod` and tier, which the server updates through an
 * event that can land a moment after `addPaymentMethod` answers. So `me` is invalidated at once,
 * then again every second until it says `hasPaymentMethod`, at most `ME_REFRESHES` more times.
 * (An invalidation refetches only a `me` someone is showing; otherwise it just marks it stale.)
 */
export async function refreshMeAfterNewCard(qc: QueryClient, userId: string, everyMs = ME_REFRESH_MS): Promise<void> {
  const key = queryKeys.me(userId);
  await qc.invalidateQueries({ queryKey: key });
  for (let i = 0; i < ME_REFRESHES && qc.getQueryData<User>(key)?.hasPaymentMethod !== true; i++) {
    await sleep(everyMs);
    await qc.invalidateQueries({ queryKey: key });
  }
}

export function useAddPaymentMethod(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => {
      void refreshMeAfterNewCard(qc, userId);
      return qc.invalidateQueries({ queryKey: queryKeys.paymentMethod(userId) });
    },
  });
}
