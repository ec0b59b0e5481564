import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Schemas } from '@/api/types';
import { api } from '@/lib/api-client';

/** The split of what was paid, and the rule that decided it in plain words (`message`). */
export type Refund = Schemas['Refund'] & { message: string };

/** `GET /tripPrice/getTripRefundPrice?tripId`: what cancelling now gives back, by the policy (pricing decides). */
export async function getRefundPrice(tripId: string): Promise<Refund> {
  const r = await api.get('/v1/tripPrice/getTripRefundPrice', { params: { tripId } });
  return { ...r.data, message: r.message };
}

// Always asked afresh: the refund depends on the moment (24 hours before the start, the hour after booking).
export const refundPriceQueryOptions = (tripId: string) =>
  queryOptions({ queryKey: queryKeys.trips.refund(tripId), queryFn: () => getRefundPrice(tripId), staleTime: 0, gcTime: 0, retry: false });
export const useRefundPrice = (tripId: string) => useQuery(refundPriceQueryOptions(tripId));
