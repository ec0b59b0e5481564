import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { FeaturedCar } from '@/api/types';
import { api } from '@/lib/api-client';

export async function getFeaturedCar(): Promise<FeaturedCar> {
  const r = await api.get('/v1/statics/featured-car');
  return r.data.data;
}

export const featuredCarQueryOptions = () => queryOptions({ queryKey: queryKeys.home.featuredCar, queryFn: getFeaturedCar, retry: false });

export function useFeaturedCar() {
  return useQuery(featuredCarQueryOptions());
}
