import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Trip } from '@/api/types';
import { api, ApiError } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

/**
 * `GET /trips/getAllFutureBookingsForHostSortByDate`: the trips to come of the host's cars and of
 * the cars of teams the caller co-hosts with booking management, soonest first (requests
 * included). 404 `no_trips` ("No future bookings found for this host") is an empty list.
 */
export async function getUpcomingBookings(): Promise<Trip[]> {
  try {
    const r = await api.get('/v1/trips/getAllFutureBookingsForHostSortByDate');
    return r.data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

export const upcomingBookingsQueryOptions = () => queryOptions({ queryKey: queryKeys.hostTrips.upcoming, queryFn: getUpcomingBookings });

export const useUpcomingBookings = (config: Partial<QueryConfig<typeof upcomingBookingsQueryOptions>> = {}) => useQuery({ ...upcomingBookingsQueryOptions(), ...config });
