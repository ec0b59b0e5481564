import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';


/**
 * `GET /users/getHostStatus`: `hostStatus` (active, pending, inactive, rejected, draft, none),
 * `isHost`, `activeCars`, `pendingListings`, `hasDraft`. Read by the header's view switch and
 * refreshed by the listing wizard after a submit (spec 001 section 4).
 */
export function getHostStatus() {
  return api.get('/v1/users/getHostStatus');
}

export const hostStatusQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.hostStatus(userId), queryFn: getHostStatus, enabled: Boolean(userId), staleTime: 60_000 });

export function useHostStatus(userId: string, config?: QueryConfig<typeof hostStatusQueryOptions>) {
  return useQuery({ ...hostStatusQueryOptions(userId), ...config });
}
