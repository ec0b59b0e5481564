import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type FeaturedCar = { carImageUrl: string; message: string; carId: string };

export async function getFeaturedCar(): Promise<FeaturedCar> {
  const r = await api.get<{ data: { data: FeaturedCar } }>('/statics/featured-car');
  return r.data.data;
}

export const featuredCarQueryOptions = () => queryOptions({ queryKey: queryKeys.home.featuredCar, queryFn: getFeaturedCar, retry: false });

export function useFeaturedCar() {
  return useQuery(featuredCarQueryOptions());
}
