import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';
import type { CarPage } from './types';

/** `GET /cars/getCar/{id}`: the car page and checkout read the same answer (one cache entry). */
export async function getCar(id: string, signal?: AbortSignal): Promise<CarPage> {
  const r = await api.get('/v1/cars/getCar/{carId}', { path: { carId: id }, signal });
  return r.data;
}

export const carQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.car.detail(id), queryFn: ({ signal }) => getCar(id, signal), enabled: Boolean(id), retry: false });

export function useCar(id: string, config?: QueryConfig<typeof carQueryOptions>) {
  return useQuery({ ...carQueryOptions(id), ...config });
}
