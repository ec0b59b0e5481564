import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Ratings } from '@/api/types';
import { api } from '@/lib/api-client';

export async function getRatings(carId: string, signal?: AbortSignal): Promise<Ratings> {
  const r = await api.get('/v1/cars/getRatings/{carId}', { path: { carId }, signal });
  return r.data;
}

export const ratingsQueryOptions = (carId: string) => queryOptions({ queryKey: queryKeys.car.ratings(carId), queryFn: ({ signal }) => getRatings(carId, signal) });

export function useRatings(carId: string) {
  return useQuery(ratingsQueryOptions(carId));
}
