import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type HostCarsPage = Awaited<ReturnType<typeof getHostCars>>;
export type HostCar = HostCarsPage['data'][number];

/** The spec's page size for the host's cars (section 9). */
export const HOST_CARS_PAGE_SIZE = 9;

/** `GET /host/getHostCarsOnPlatform?page&limit`: the host's listings past the wizard, newest first. */
export function getHostCars(page: number, limit = HOST_CARS_PAGE_SIZE) {
  return api.get('/v1/host/getHostCarsOnPlatform', { params: { page, limit } });
}

export const hostCarsQueryOptions = (page: number, limit = HOST_CARS_PAGE_SIZE) =>
  queryOptions({ queryKey: queryKeys.hostCars.list(page, limit), queryFn: () => getHostCars(page, limit), placeholderData: keepPreviousData });

export function useHostCars(page: number, config?: QueryConfig<typeof hostCarsQueryOptions>) {
  return useQuery({ ...hostCarsQueryOptions(page), ...config });
}
