import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';
import type { Host } from './types';

/**
 * `GET /users/gethost/{id}` (no auth): a member's public profile, for the car page's host card and
 * the profile page (its verification fields feed the badges).
 */
export async function getHost(id: string, signal?: AbortSignal): Promise<Host> {
  const r = await api.get('/v1/users/gethost/{id}', { path: { id }, signal });
  if (!r.data) throw new Error('Host not found');
  return r.data;
}

// One key for both readers: the profile opened from the host card can be served from the cache.
export const hostQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.host(id), queryFn: ({ signal }) => getHost(id, signal), enabled: Boolean(id) });

export function useHost(id: string, config?: QueryConfig<typeof hostQueryOptions>) {
  return useQuery({ ...hostQueryOptions(id), ...config });
}
