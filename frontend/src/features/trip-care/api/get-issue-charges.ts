import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type IssueCharges = Awaited<ReturnType<typeof getIssueCharges>>;
export type IssueChargeEntry = IssueCharges['data'][number];

/** `GET /trips/getTripIssueCharges/{id}[?type=]`: per issue type, its charges by name; with `type`, that type's only. */
export async function getIssueCharges(tripId: string, type: string | null) {
  return api.get('/v1/trips/getTripIssueCharges/{id}', { path: { id: tripId }, params: { type } });
}

export const issueChargesQueryOptions = (tripId: string, type: string | null) =>
  queryOptions({ queryKey: queryKeys.tripCare.issueCharges(tripId, type), queryFn: () => getIssueCharges(tripId, type), retry: false });

export function useIssueCharges(tripId: string, type: string | null, enabled = true) {
  const session = useSession();
  return useQuery({ ...issueChargesQueryOptions(tripId, type), enabled: Boolean(enabled && tripId && session) });
}
