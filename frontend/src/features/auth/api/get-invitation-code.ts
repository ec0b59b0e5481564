import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';


/** `GET /users/getInvitationCode`: the caller's own invitation code (made on first ask), its uses and what is left. */
export function getInvitationCode() {
  return api.get('/v1/users/getInvitationCode');
}

export const invitationCodeQueryOptions = (userId: string) => queryOptions({ queryKey: queryKeys.invitationCode(userId), queryFn: getInvitationCode, enabled: Boolean(userId) });

export const useInvitationCode = (userId: string, config: Partial<QueryConfig<typeof invitationCodeQueryOptions>> = {}) => useQuery({ ...invitationCodeQueryOptions(userId), ...config });
