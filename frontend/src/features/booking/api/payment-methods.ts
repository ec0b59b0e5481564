import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type PaymentMethod = { cardType: string; last4: string; billingAddress?: Record<string, string> };
export type BillingDetails = { street: string; addressLine2?: string; city: string; state: string; zip: string; country: string; gateway: 'stripe'; firstName: string; lastName: string };

export async function getPrimaryPaymentMethod(userId: string): Promise<PaymentMethod | null> {
  const r = await api.post<{ data?: PaymentMethod | null; paymentMethod?: PaymentMethod | null }>('/payment/stripe/getPrimaryPaymentMethod', { userId });
  return r.data ?? r.paymentMethod ?? null;
}

export const primaryPaymentMethodQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.paymentMethod(userId), queryFn: () => getPrimaryPaymentMethod(userId), enabled: Boolean(userId), retry: false });

export const usePrimaryPaymentMethod = (userId: string) => useQuery(primaryPaymentMethodQueryOptions(userId));

export function addPaymentMethod(body: { userId: string; paymentMethodId: string; billingDetails: BillingDetails }) {
  return api.post('/payment/stripe/addPaymentMethod', body);
}

export function useAddPaymentMethod(userId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addPaymentMethod, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.paymentMethod(userId) }) });
}
