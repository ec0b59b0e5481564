import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type InviteBody = Body<'/v1/cohost/inviteCoHosts', 'post'>;

/** `POST /cohost/inviteCoHosts` `{teamId, coHostEmails, earningsSharePercent?}`: inviting a pending email again resends it. */
export function inviteCoHosts(body: InviteBody) {
  return api.post('/v1/cohost/inviteCoHosts', { body });
}

export function useInviteCoHosts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteCoHosts,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
