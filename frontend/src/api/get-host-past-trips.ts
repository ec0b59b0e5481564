import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Trip } from '@/api/types';
import { api, ApiError } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

/** `GET /host/getPastTripsForHost`: the host's past trips, newest first; a 404 means none (spec 001 section 7). */
export async function getPastTrips(): Promise<Trip[]> {
  try {
    const r = await api.get('/v1/host/getPastTripsForHost');
    return r.data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

export const pastTripsQueryOptions = () => queryOptions({ queryKey: queryKeys.hostTrips.past, queryFn: getPastTrips });

export const usePastTrips = (config: Partial<QueryConfig<typeof pastTripsQueryOptions>> = {}) => useQuery({ ...pastTripsQueryOptions(), ...config });
