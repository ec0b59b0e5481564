import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Schemas } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type Team = Schemas['Team'];
export type CoHost = Schemas['CoHost'];
export type VehicleOption = Schemas['VehicleOption'];
export type TeamPermissions = Schemas['Permissions'];

/** `GET /cohost/getTeamById/{id}`: the team and the viewer's `role` (`host` or `co-host`). */
export function getTeam(teamId: string) {
  return api.get('/v1/cohost/getTeamById/{id}', { path: { id: teamId } });
}

export const teamQueryOptions = (teamId: string) => queryOptions({ queryKey: queryKeys.teams.detail(teamId), queryFn: () => getTeam(teamId), enabled: Boolean(teamId) });

export function useTeam(teamId: string, config?: QueryConfig<typeof teamQueryOptions>) {
  return useQuery({ ...teamQueryOptions(teamId), ...config });
}
