import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body, PaymentMethod, Schemas } from '@/api/types';
import { api } from '@/lib/api-client';

/**
 * The card's billing address as the form sends it, and the spec's `gateway: 'stripe'` (002
 * section 2), which the server does not read.
 */
export type BillingDetails = Schemas['BillingDetailsBody'] & { gateway: 'stripe' };
export type AddPaymentMethodBody = Omit<Body<'/v1/payment/stripe/addPaymentMethod', 'post'>, 'billingDetails'> & { billingDetails: BillingDetails };

export async function getPrimaryPaymentMethod(userId: string): Promise<PaymentMethod | null> {
  // The spec's client sends its `userId`; the server reads the token (the route declares no body).
  const r = await api.post<Answer<'/v1/payment/stripe/getPrimaryPaymentMethod', 'post'>>('/payment/stripe/getPrimaryPaymentMethod', { userId });
  return r.data ?? null;
}

export const primaryPaymentMethodQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.paymentMethod(userId), queryFn: () => getPrimaryPaymentMethod(userId), enabled: Boolean(userId), retry: false });

export const usePrimaryPaymentMethod = (userId: string) => useQuery(primaryPaymentMethodQueryOptions(userId));

export function addPaymentMethod(body: AddPaymentMethodBody): Promise<Answer<'/v1/payment/stripe/addPaymentMethod', 'post'>> {
  return api.post('/payment/stripe/addPaymentMethod', body);
}

export function useAddPaymentMethod(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.paymentMethod(userId) }),
  });
}
