import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** The profile's vehicles grid: 6 first, 6 more at a time (spec 000 section 2). */
export const OWNER_PAGE_SIZE = 6;

/** `GET /cars/getCarsByOwner/{id}?page&limit`: a page of the host's cars (search cards). */
export function getOwnerCars(ownerId: string, page: number, signal?: AbortSignal) {
  return api.get('/v1/cars/getCarsByOwner/{id}', { path: { id: ownerId }, params: { page, limit: OWNER_PAGE_SIZE }, signal });
}

export const ownerCarsQueryOptions = (ownerId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.ownerCars(ownerId),
    queryFn: ({ pageParam, signal }) => getOwnerCars(ownerId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.data.length, 0) < last.total && last.data.length > 0 ? last.page + 1 : undefined),
    enabled: Boolean(ownerId),
  });

export const useOwnerCars = (ownerId: string) => useInfiniteQuery(ownerCarsQueryOptions(ownerId));
