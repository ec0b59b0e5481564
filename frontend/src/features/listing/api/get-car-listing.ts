import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Schemas } from '@/api/types';
import { api } from '@/lib/api-client';

export type CarListing = Schemas['CarListing'];
export type ListingAnswer = Answer<'/v1/host/carListing/car/{id}', 'get'>;

/** `GET /host/carListing/car/{id}`: the draft's saved fields and the step it resumes at. */
export function getCarListing(carId: string): Promise<ListingAnswer> {
  return api.get('/v1/host/carListing/car/{id}', { path: { id: carId } });
}

export const carListingQueryOptions = (carId: string) =>
  queryOptions({ queryKey: queryKeys.listing.draft(carId), queryFn: () => getCarListing(carId), enabled: Boolean(carId) });

export function useCarListing(carId: string) {
  return useQuery(carListingQueryOptions(carId));
}
