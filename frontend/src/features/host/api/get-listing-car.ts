import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type ListingAnswer = Answer<'/v1/host/carListing/car/{id}', 'get'>;
export type Listing = ListingAnswer['carListing'];

/** `GET /host/carListing/car/{id}`: the car with its settings, for its host (and an approved co-host of its team). */
export function getListingCar(id: string): Promise<ListingAnswer> {
  return api.get('/v1/host/carListing/car/{id}', { path: { id } });
}

export const listingCarQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.hostCars.car(id), queryFn: () => getListingCar(id), enabled: Boolean(id) });

export function useListingCar(id: string, config?: QueryConfig<typeof listingCarQueryOptions>) {
  return useQuery({ ...listingCarQueryOptions(id), ...config });
}
