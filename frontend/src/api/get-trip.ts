import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';
import type { Trip } from './types';

/**
 * `GET /trips/getTrip/{id}`: one trip (the trip page, /update-trip, the trip-care pages), under
 * one key, so a check-in or a cancellation that moves the trip refreshes every page showing it.
 */
export async function getTrip(id: string): Promise<Trip> {
  const r = await api.get('/v1/trips/getTrip/{id}', { path: { id } });
  return r.data;
}

export const tripQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.trips.detail(id), queryFn: () => getTrip(id), enabled: Boolean(id), retry: false });

export const useTrip = (id: string, config: Partial<QueryConfig<typeof tripQueryOptions>> = {}) => useQuery({ ...tripQueryOptions(id), ...config });
