import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';


/** `GET /cohost/getTeamInfoForInvitee/{id}?token`: the team, its cars, permissions and the share offered. */
export function getInvitation(teamId: string, token: string) {
  return api.get('/v1/cohost/getTeamInfoForInvitee/{id}', { path: { id: teamId }, params: { token } });
}

/** Keyed by the user too: signing in with another account asks again. */
export const invitationQueryOptions = (teamId: string, token: string, userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.teams.invitation(teamId, token, userId),
    queryFn: () => getInvitation(teamId, token),
    enabled: Boolean(teamId && userId),
    retry: false,
  });

export const useInvitation = (teamId: string, token: string, userId: string | null) => useQuery(invitationQueryOptions(teamId, token, userId));
