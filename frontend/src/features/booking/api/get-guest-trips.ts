import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Trip } from '@/api/types';
import { api, ApiError } from '@/lib/api-client';

/** A 404 (`no_trips`) is how the lists say "none" (API.md, trips lists). */
async function listOrNone(read: () => Promise<{ data: Trip[] }>): Promise<Trip[]> {
  try {
    return (await read()).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

/** `GET /trips/getInProgressAndFutureTrips`: the guest's trips under way and to come. */
export function getCurrentTrips(): Promise<Trip[]> {
  return listOrNone(() => api.get('/v1/trips/getInProgressAndFutureTrips'));
}

/** `GET /trips/getAllPastTripsForUserSortByDate`: past, cancelled and rejected trips, newest first. */
export function getPastTrips(): Promise<Trip[]> {
  return listOrNone(() => api.get('/v1/trips/getAllPastTripsForUserSortByDate'));
}

export const currentTripsQueryOptions = () => queryOptions({ queryKey: queryKeys.trips.current, queryFn: getCurrentTrips });
export const pastTripsQueryOptions = () => queryOptions({ queryKey: queryKeys.trips.past, queryFn: getPastTrips });
export const useCurrentTrips = (enabled = true) => useQuery({ ...currentTripsQueryOptions(), enabled });
export const usePastTrips = (enabled = true) => useQuery({ ...pastTripsQueryOptions(), enabled });
