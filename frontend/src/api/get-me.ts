import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';
import type { User } from './types';

/** `GET /users/getuser/{id}`: the signed-in user's own profile (its verification fields change as the user completes them). */
export async function getMe(userId: string): Promise<User> {
  const r = await api.get('/v1/users/getuser/{id}', { path: { id: userId } });
  const u = r.user ?? r.data;
  if (!u) throw new Error('Failed to fetch user details');
  return u;
}

export const meQueryOptions = (userId: string) => queryOptions({ queryKey: queryKeys.me(userId), queryFn: () => getMe(userId), enabled: Boolean(userId) });

export function useMe(userId: string, config?: QueryConfig<typeof meQueryOptions>) {
  return useQuery({ ...meQueryOptions(userId), ...config });
}
