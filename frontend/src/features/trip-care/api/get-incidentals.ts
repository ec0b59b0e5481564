import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type IncidentalsData = Answer<'/v1/trips/getIncidentals/{id}', 'get'>['data'];

/** `GET /trips/getIncidentals/{id}?role=guest`: the trip's incidentals as its guest reads them. */
export async function getIncidentals(tripId: string): Promise<IncidentalsData> {
  const r = await api.get<Answer<'/v1/trips/getIncidentals/{id}', 'get'>>(`/trips/getIncidentals/${encodeURIComponent(tripId)}`, { params: { role: 'guest' } });
  return r.data;
}

export const incidentalsQueryOptions = (tripId: string) => queryOptions({ queryKey: queryKeys.tripCare.incidentals(tripId), queryFn: () => getIncidentals(tripId), retry: false });

export function useIncidentals(tripId: string) {
  const session = useSession();
  return useQuery({ ...incidentalsQueryOptions(tripId), enabled: Boolean(tripId && session) });
}
