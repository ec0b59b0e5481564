import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';

/** The signed-in user's own profile, fresh (the booking gate reads its verification fields). */
export async function getUser(id: string): Promise<SessionUser> {
  const r = await api.get<{ user?: SessionUser; data?: SessionUser }>(`/users/getuser/${encodeURIComponent(id)}`);
  const u = r.user ?? r.data;
  if (!u) throw new Error('Failed to fetch user details');
  return u;
}

/** Fresh for the booking gate (verification fields change as the user completes them). */
export const userQueryOptions = (id: string) => queryOptions({ queryKey: ['me', id], queryFn: () => getUser(id), staleTime: 0, retry: false });
