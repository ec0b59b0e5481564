import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Host = { _id: string; firstName: string; lastName: string; profilePic: string; rating: number; tripCount: number; joinedDate: string };

export async function getHost(id: string, signal?: AbortSignal): Promise<Host> {
  const r = await api.get<{ data: Host }>(`/users/gethost/${encodeURIComponent(id)}`, { signal });
  return r.data;
}

export const hostQueryOptions = (id: string) => queryOptions({ queryKey: ['host', id], queryFn: ({ signal }) => getHost(id, signal), enabled: Boolean(id), staleTime: 5 * 60_000 });

export function useHost(id: string) {
  return useQuery(hostQueryOptions(id));
}
