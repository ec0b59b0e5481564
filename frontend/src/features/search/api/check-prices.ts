import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { PriceDetails } from '@/api/types';
import { api } from '@/lib/api-client';

/** Polling: 5 attempts, 2 s apart (spec 002 section 9). */
export const PRICE_ATTEMPTS = 5;
export const PRICE_INTERVAL_MS = 2000;
export const PRICE_GAVE_UP = 'Price details could not be retrieved after multiple attempts';

/**
 * `GET /cars/checkPrices/{ids}?requestId` (ids comma separated): a page's prices. `status` is
 * `ready` once every car is priced, else `pending`; a car not priced yet has no `priceDetails`.
 */
export function checkPrices(ids: string[], requestId: string, signal?: AbortSignal) {
  return api.get('/v1/cars/checkPrices/{ids}', { path: { ids: ids.join(',') }, params: { requestId }, signal });
}

export const checkPricesQueryOptions = (ids: string[], requestId: string) =>
  queryOptions({
    queryKey: queryKeys.cars.checkPrices(requestId, ids),
    queryFn: ({ signal }) => checkPrices(ids, requestId, signal),
    enabled: ids.length > 0 && Boolean(requestId),
    retry: false,
    staleTime: Infinity,
  });

/**
 * Prices for a page of results. Polls while the answer is "pending", at most 5 attempts;
 * `gaveUp` is set once the attempts are spent without a ready answer, or the call failed.
 */
export function useCheckPrices(ids: string[], requestId: string) {
  const qc = useQueryClient();
  const options = checkPricesQueryOptions(ids, requestId);
  const q = useQuery({
    ...options,
    refetchInterval: (query) => {
      if (query.state.error || query.state.data?.status === 'ready') return false;
      return query.state.dataUpdateCount < PRICE_ATTEMPTS ? PRICE_INTERVAL_MS : false;
    },
  });
  // Reading dataUpdatedAt subscribes to every answer, also those equal to the previous one.
  const attempts = q.dataUpdatedAt ? (qc.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
  const byCar = new Map<string, PriceDetails>();
  for (const p of q.data?.prices ?? []) if (p.priceDetails) byCar.set(p.carId, p.priceDetails);
  const gaveUp = q.isError || (q.data?.status === 'pending' && attempts >= PRICE_ATTEMPTS);
  return { byCar, gaveUp, ready: q.data?.status === 'ready', isLoading: ids.length > 0 && !gaveUp && q.data?.status !== 'ready', error: gaveUp ? PRICE_GAVE_UP : null };
}
