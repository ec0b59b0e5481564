import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type HomeCard = {
  id: string;
  name: string;
  photoUrl: string;
  totalRating: number;
  address: { city: string; state: string };
  tripCount: number;
  specialFeature: string;
  dailyprice: number;
  isFav: boolean;
};

export async function getStaticCars(): Promise<HomeCard[]> {
  const r = await api.get<{ data?: { data?: HomeCard[] } }>('/cars/getStaticCarsByType');
  return r.data?.data ?? [];
}

export const staticCarsQueryOptions = () => queryOptions({ queryKey: queryKeys.home.staticCars, queryFn: getStaticCars });

export function useStaticCars() {
  return useQuery(staticCarsQueryOptions());
}
