import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Schemas } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type AuditEntry = Schemas['AuditEntry'];

/** `GET /cohost/getTeamAuditLog/{id}`: every change of the team, newest first (the host's only). */
export function getTeamAuditLog(teamId: string) {
  return api.get('/v1/cohost/getTeamAuditLog/{id}', { path: { id: teamId } });
}

export const teamAuditLogQueryOptions = (teamId: string) => queryOptions({ queryKey: queryKeys.teams.audit(teamId), queryFn: () => getTeamAuditLog(teamId), enabled: Boolean(teamId) });

export function useTeamAuditLog(teamId: string, config?: QueryConfig<typeof teamAuditLogQueryOptions>) {
  return useQuery({ ...teamAuditLogQueryOptions(teamId), ...config });
}
