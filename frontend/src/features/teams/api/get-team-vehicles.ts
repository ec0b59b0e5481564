import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';


/** `GET /cohost/getTeamVehicles/{id}`: the team's cars, for its host and its co-hosts. */
export function getTeamVehicles(teamId: string) {
  return api.get('/v1/cohost/getTeamVehicles/{id}', { path: { id: teamId } });
}

export const teamVehiclesQueryOptions = (teamId: string) => queryOptions({ queryKey: queryKeys.teams.vehicles(teamId), queryFn: () => getTeamVehicles(teamId), enabled: Boolean(teamId) });

export function useTeamVehicles(teamId: string, config?: QueryConfig<typeof teamVehiclesQueryOptions>) {
  return useQuery({ ...teamVehiclesQueryOptions(teamId), ...config });
}
