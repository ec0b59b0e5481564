import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type UpdateTeamBody = Body<'/v1/cohost/updateTeam', 'post'>;

/** `POST /cohost/updateTeam` `{teamId, teamName?, earningsSplit?}` (host only). */
export function updateTeam(body: UpdateTeamBody) {
  return api.post('/v1/cohost/updateTeam', { body });
}

export function useUpdateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
