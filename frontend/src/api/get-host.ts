import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';

/** A member's public profile; the verification fields feed the profile page's badges. */
export type Host = {
  _id: string;
  firstName: string;
  lastName: string;
  profilePic: string;
  rating: number;
  tripCount: number;
  joinedDate: string;
  emailVerify?: boolean;
  isMobileVerified?: boolean;
  isDriverVerified?: boolean;
  currentTier?: string;
};

/** `GET /users/gethost/{id}` (no auth): the car page's host card and the profile page. */
export async function getHost(id: string, signal?: AbortSignal): Promise<Host> {
  const r = await api.get<{ data: Host }>(`/users/gethost/${encodeURIComponent(id)}`, { signal });
  return r.data;
}

// One key for both readers: the profile opened from the host card can be served from the cache.
export const hostQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.host(id), queryFn: ({ signal }) => getHost(id, signal), enabled: Boolean(id) });

export function useHost(id: string, config?: QueryConfig<typeof hostQueryOptions>) {
  return useQuery({ ...hostQueryOptions(id), ...config });
}
