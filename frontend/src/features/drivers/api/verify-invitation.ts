import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/**
 * `POST /additionaldriver/verification` `{token}`: whether the invitation is valid for the signed-in
 * user, and the invitation and its trip as the invitee sees it (times are local to the car).
 */
export function verifyInvitation(token: string) {
  return api.post('/v1/additionaldriver/verification', { body: { token } });
}

/** Keyed by the user too: signing in with another account asks again. */
export const invitationQueryOptions = (token: string, userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.driverInvitation(token, userId),
    queryFn: () => verifyInvitation(token),
    enabled: Boolean(token && userId),
    retry: false,
  });

export const useInvitation = (token: string, userId: string | null) => useQuery(invitationQueryOptions(token, userId));
