import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** `GET /host/carListing/getModelsForMake/{make}`: the make's models (the edit modal's list). */
export async function getModelsForMake(make: string): Promise<string[]> {
  const r = await api.get('/v1/host/carListing/getModelsForMake/{make}', { path: { make } });
  return r.models;
}

export const modelsForMakeQueryOptions = (make: string) =>
  queryOptions({ queryKey: queryKeys.listing.models(make), queryFn: () => getModelsForMake(make), enabled: Boolean(make), staleTime: Infinity });

export function useModelsForMake(make: string) {
  return useQuery(modelsForMakeQueryOptions(make));
}
