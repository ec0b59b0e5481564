import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Trip } from '@/api/types';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/**
 * `GET /trips/getTrip/{id}`: the trip these pages care for. Under the trip's own key (the same
 * answer as the trip page's), so a check-in that moves the trip refreshes that page too.
 */
export async function getTrip(id: string): Promise<Trip> {
  const r = await api.get<Answer<'/v1/trips/getTrip/{id}', 'get'>>(`/trips/getTrip/${encodeURIComponent(id)}`);
  return r.data;
}

export const tripQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.trips.detail(id), queryFn: () => getTrip(id), enabled: Boolean(id), retry: false });

/** Asked only when signed in (the call needs the token). */
export function useTrip(id: string) {
  const session = useSession();
  return useQuery({ ...tripQueryOptions(id), enabled: Boolean(id && session) });
}
