import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { TripRange } from '@/lib/dates';

export function isUserAvailable(r: TripRange): Promise<{ isUserAvailable: boolean; message?: string }> {
  return api.get('/cars/isUserAvailableForTheDates', {
    params: { newStartDate: r.fromDate, newStartTime: r.fromTime, newEndDate: r.untilDate, newEndTime: r.untilTime },
    acceptStatuses: [400],
  });
}

export const userAvailabilityQueryOptions = (r: TripRange) =>
  queryOptions({ queryKey: queryKeys.trips.userAvailable(r), queryFn: () => isUserAvailable(r), staleTime: 0, retry: false });
