import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';
import type { Schemas } from './types';

/** A car as its host edits it: the listing wizard's draft, or a listed car's settings. */
export type CarListing = Schemas['CarListing'];

/**
 * `GET /host/carListing/car/{id}`: the car's saved fields and the step a draft resumes at, for its
 * host (and an approved co-host of its team). The wizard and a car's settings read it alike.
 */
export function getCarListing(carId: string) {
  return api.get('/v1/host/carListing/car/{id}', { path: { id: carId } });
}

export type ListingAnswer = Awaited<ReturnType<typeof getCarListing>>;

/** One key for the wizard and the settings: a saved step, a car update and a deletion all reach it. */
export const carListingQueryOptions = (carId: string) =>
  queryOptions({ queryKey: queryKeys.carListing(carId), queryFn: () => getCarListing(carId), enabled: Boolean(carId) });

export function useCarListing(carId: string, config?: QueryConfig<typeof carListingQueryOptions>) {
  return useQuery({ ...carListingQueryOptions(carId), ...config });
}

/**
 * `POST /host/carListing/checkCarListing {userId}`: whether the caller has a wizard draft, the
 * server's message for the 'Existing Car Listing' dialog, its `carId` and `nextStep`. (The
 * server reads the caller from the token; `userId` is sent as the spec shows.)
 */
export function checkCarListing(userId: string) {
  return api.post('/v1/host/carListing/checkCarListing', { body: { userId } });
}

/** The host's draft, shown as "Continue listing". */
export const draftListingQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.listingDraft, queryFn: () => checkCarListing(userId), enabled: Boolean(userId) });

export function useDraftListing(userId: string, config?: QueryConfig<typeof draftListingQueryOptions>) {
  return useQuery({ ...draftListingQueryOptions(userId), ...config });
}

/** The check as the wizard's start asks it (once, on a click). */
export function useCheckCarListing() {
  return useMutation({ mutationFn: checkCarListing });
}
