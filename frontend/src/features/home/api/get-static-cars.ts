import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { HomeCard } from '@/api/types';
import { api } from '@/lib/api-client';

export async function getStaticCars(): Promise<HomeCard[]> {
  const r = await api.get('/v1/cars/getStaticCarsByType');
  return r.data.data;
}

export const staticCarsQueryOptions = () => queryOptions({ queryKey: queryKeys.home.staticCars, queryFn: getStaticCars });

export function useStaticCars() {
  return useQuery(staticCarsQueryOptions());
}
