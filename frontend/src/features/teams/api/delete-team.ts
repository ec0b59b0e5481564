import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** `POST /cohost/deleteTeam` `{teamId}` (host only). */
export function deleteTeam(teamId: string) {
  return api.post('/v1/cohost/deleteTeam', { body: { teamId } });
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
