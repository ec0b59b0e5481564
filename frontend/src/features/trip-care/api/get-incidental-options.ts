import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type IncidentalOptionsData = Awaited<ReturnType<typeof getIncidentalOptions>>;
export type IncidentalOption = IncidentalOptionsData['options'][number];

/**
 * `GET /trips/getIncidentalOptions/{id}`: the kinds of incidental (fuel, tolls, cleaning, late
 * return, ...) with their rules, the trip's own numbers they are computed from, and `canAdd`
 * (the caller is the host and the claim window is open).
 */
export async function getIncidentalOptions(tripId: string) {
  const r = await api.get('/v1/trips/getIncidentalOptions/{id}', { path: { id: tripId } });
  return r.data;
}

export const incidentalOptionsQueryOptions = (tripId: string) =>
  queryOptions({ queryKey: queryKeys.tripCare.incidentalOptions(tripId), queryFn: () => getIncidentalOptions(tripId), retry: false });

export function useIncidentalOptions(tripId: string) {
  const session = useSession();
  return useQuery({ ...incidentalOptionsQueryOptions(tripId), enabled: Boolean(tripId && session) });
}
