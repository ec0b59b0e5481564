import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type InviteAction = 'accept' | 'reject';
export type HandleInviteAnswer = Answer<'/v1/cohost/handleCoHostInvite', 'post'>;

/** `POST /cohost/handleCoHostInvite` `{teamId, action, token}`: accepting answers the team, rejecting `data: null`. */
export function handleCoHostInvite(teamId: string, action: InviteAction, token: string): Promise<HandleInviteAnswer> {
  const body: Body<'/v1/cohost/handleCoHostInvite', 'post'> = { teamId, action, token };
  return api.post('/v1/cohost/handleCoHostInvite', { body });
}

export function useHandleInvite(teamId: string, token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: InviteAction) => handleCoHostInvite(teamId, action, token),
    // The team lists change, and the invitation now reads as answered.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
