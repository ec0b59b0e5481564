import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type RemoveBody = Body<'/v1/cohost/removeCoHost', 'post'>;

/**
 * `POST /cohost/removeCoHost` `{teamId, coHostId}` (the account id or the invitation's `_id`):
 * the host removes a co-host or withdraws an invitation; a co-host removing themselves leaves.
 */
export function removeCoHost(body: RemoveBody) {
  return api.post('/v1/cohost/removeCoHost', { body });
}

export function useRemoveCoHost({ leaving = false }: { leaving?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeCoHost,
    onSuccess: async (_answer, body) => {
      if (!leaving) return qc.invalidateQueries({ queryKey: queryKeys.teams.all });
      // Someone who left can no longer read the team: it is not asked again while its page is
      // still on screen (the caller leaves it), only the next time it is opened.
      await qc.invalidateQueries({ queryKey: queryKeys.teams.detail(String(body.teamId)), refetchType: 'none' });
      return qc.invalidateQueries({ queryKey: queryKeys.teams.lists });
    },
  });
}
