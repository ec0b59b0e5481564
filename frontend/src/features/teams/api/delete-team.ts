import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

/** `POST /cohost/deleteTeam` `{teamId}` (host only). */
export function deleteTeam(teamId: string): Promise<Answer<'/v1/cohost/deleteTeam', 'post'>> {
  const body: Body<'/v1/cohost/deleteTeam', 'post'> = { teamId };
  return api.post('/v1/cohost/deleteTeam', { body });
}

export function useDeleteTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: async (_answer, teamId) => {
      // The team is gone: not asked again while its page is still on screen (the caller leaves it).
      await qc.invalidateQueries({ queryKey: queryKeys.teams.detail(teamId), refetchType: 'none' });
      await qc.invalidateQueries({ queryKey: queryKeys.teams.hostVehicles });
      return qc.invalidateQueries({ queryKey: queryKeys.teams.lists });
    },
  });
}
