import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

/** The change asked: new dates, or new extras and plan (absent parts are kept). */
export type TripChange = Body<'/v1/tripPrice/getModifiedTripPrice', 'post'> & { tripId: string };
export type ModifiedPrice = Awaited<ReturnType<typeof getModifiedPrice>>;

/** `POST /tripPrice/getModifiedTripPrice`: the new price, the previous one and the difference. */
export function getModifiedPrice(change: TripChange) {
  return api.post('/v1/tripPrice/getModifiedTripPrice', { body: change });
}

export const modifiedPriceQueryOptions = (change: TripChange) =>
  queryOptions({ queryKey: queryKeys.trips.modifiedPrice(change.tripId, change), queryFn: () => getModifiedPrice(change), retry: false, placeholderData: keepPreviousData });

/** Asked again on every change; the previous price stays on screen while the next one loads. */
export const useModifiedPrice = (change: TripChange | null) =>
  useQuery({ ...modifiedPriceQueryOptions(change ?? { tripId: '' }), enabled: Boolean(change) });
