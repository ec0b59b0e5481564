import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';


/**
 * `GET /cohost/getAllTeamsForHost?status`: the teams the caller hosts or is a co-host of, each
 * with its co-hosts and their earnings shares. Read by the teams pages and by the earnings
 * page's co-host splits.
 */
export function getHostTeams(status?: string) {
  return api.get('/v1/cohost/getAllTeamsForHost', { params: { status } });
}

export const hostTeamsQueryOptions = (status?: string) => queryOptions({ queryKey: queryKeys.teams.list(status ?? 'all'), queryFn: () => getHostTeams(status) });

export function useHostTeams(status?: string, config?: QueryConfig<typeof hostTeamsQueryOptions>) {
  return useQuery({ ...hostTeamsQueryOptions(status), ...config });
}
