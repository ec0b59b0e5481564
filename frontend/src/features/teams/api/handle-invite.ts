import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type InviteAction = 'accept' | 'reject';

/** `POST /cohost/handleCoHostInvite` `{teamId, action, token}`: accepting answers the team, rejecting `data: null`. */
export function handleCoHostInvite(teamId: string, action: InviteAction, token: string) {
  return api.post('/v1/cohost/handleCoHostInvite', { body: { teamId, action, token } });
}

export function useHandleInvite(teamId: string, token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: InviteAction) => handleCoHostInvite(teamId, action, token),
    // The team lists change, and the invitation now reads as answered.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
