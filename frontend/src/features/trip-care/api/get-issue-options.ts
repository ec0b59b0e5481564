import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type IssueOption = Awaited<ReturnType<typeof getIssueOptions>>[number];

/** `GET /trips/getAllReportIssuesOption/{id}`: `[{type, label, description}]`. */
export async function getIssueOptions(tripId: string) {
  const r = await api.get('/v1/trips/getAllReportIssuesOption/{id}', { path: { id: tripId } });
  return r.data;
}

export const issueOptionsQueryOptions = (tripId: string) => queryOptions({ queryKey: queryKeys.tripCare.issueOptions(tripId), queryFn: () => getIssueOptions(tripId), retry: false, staleTime: 5 * 60_000 });

export function useIssueOptions(tripId: string) {
  const session = useSession();
  return useQuery({ ...issueOptionsQueryOptions(tripId), enabled: Boolean(tripId && session) });
}
