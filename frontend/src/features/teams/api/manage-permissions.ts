import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type PermissionsBody = Body<'/v1/cohost/manageTeamPermissions', 'post'>;

/** `POST /cohost/manageTeamPermissions` `{teamId, permissions}` (host only). */
export function manageTeamPermissions(body: PermissionsBody) {
  return api.post('/v1/cohost/manageTeamPermissions', { body });
}

export function useManageTeamPermissions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: manageTeamPermissions,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
