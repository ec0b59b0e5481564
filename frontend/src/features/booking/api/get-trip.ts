import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Trip } from '@/api/types';
import { api } from '@/lib/api-client';

export async function getTrip(id: string): Promise<Trip> {
  const r = await api.get<Answer<'/v1/trips/getTrip/{id}', 'get'>>(`/trips/getTrip/${encodeURIComponent(id)}`);
  return r.data;
}

export const tripQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.trips.detail(id), queryFn: () => getTrip(id), enabled: Boolean(id), retry: false });
export const useTrip = (id: string) => useQuery(tripQueryOptions(id));
