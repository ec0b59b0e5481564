import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body, PriceDetails } from '@/api/types';
import { api } from '@/lib/api-client';

/** The checkout's choices; `createTrip` takes the same with the quote. */
export type FinalPriceRequest = Body<'/v1/tripPrice/getFinalTripPrice', 'post'>;

export async function getFinalTripPrice(body: FinalPriceRequest): Promise<PriceDetails> {
  return (await api.post('/v1/tripPrice/getFinalTripPrice', { body })).data;
}

/** A quote for the current choices; the previous one stays on screen while the next loads (no layout shift). */
export const finalTripPriceQueryOptions = (body: FinalPriceRequest) =>
  queryOptions({ queryKey: queryKeys.finalTripPrice(body), queryFn: () => getFinalTripPrice(body), retry: false, staleTime: 5 * 60_000 });

export const useFinalTripPrice = (body: FinalPriceRequest, enabled: boolean) => useQuery({ ...finalTripPriceQueryOptions(body), enabled, placeholderData: keepPreviousData });
