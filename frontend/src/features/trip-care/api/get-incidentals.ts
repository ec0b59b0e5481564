import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type IncidentalsData = Awaited<ReturnType<typeof getIncidentals>>;
export type Incidental = IncidentalsData['incidentals'][number];
/** Whose list: the guest's (to accept and pay) or the host's (to add and remove). */
export type IncidentalsRole = 'guest' | 'host';

/** `GET /trips/getIncidentals/{id}?role`: the trip's incidentals as one side reads them. */
export async function getIncidentals(tripId: string, role: IncidentalsRole) {
  const r = await api.get('/v1/trips/getIncidentals/{id}', { path: { id: tripId }, params: { role } });
  return r.data;
}

export const incidentalsQueryOptions = (tripId: string, role: IncidentalsRole) =>
  queryOptions({ queryKey: queryKeys.tripCare.incidentals(tripId, role), queryFn: () => getIncidentals(tripId, role), retry: false });

export function useIncidentals(tripId: string, role: IncidentalsRole) {
  const session = useSession();
  return useQuery({ ...incidentalsQueryOptions(tripId, role), enabled: Boolean(tripId && session) });
}
