import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { TripRange } from '@/lib/dates';

/** A user who is not free is a 200 with `isUserAvailable: false`; a 4xx is an error (bad dates, signed out). */
export function isUserAvailable(r: TripRange) {
  return api.get('/v1/cars/isUserAvailableForTheDates', { params: { startDate: r.fromDate, startTime: r.fromTime, endDate: r.untilDate, endTime: r.untilTime } });
}

export const userAvailabilityQueryOptions = (r: TripRange) =>
  queryOptions({ queryKey: queryKeys.trips.userAvailable(r), queryFn: () => isUserAvailable(r), staleTime: 0, retry: false });
