import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { TripRange } from '@/lib/dates';

/** 200 and 400 are both answers (spec 002 section 8). */
export function checkCarAvailability(carId: string, r: TripRange): Promise<{ available: boolean; message: string }> {
  return api.get(`/cars/isCarAvailableForTheseDates/${encodeURIComponent(carId)}`, {
    params: { fromDate: r.fromDate, fromTime: r.fromTime, untilDate: r.untilDate, untilTime: r.untilTime, isDelivery: false },
    acceptStatuses: [400],
  });
}

/** Always asked afresh (staleTime 0): the answer can change at any moment. */
export const carAvailabilityQueryOptions = (carId: string, r: TripRange) =>
  queryOptions({ queryKey: queryKeys.car.availability(carId, r), queryFn: () => checkCarAvailability(carId, r), staleTime: 0, retry: false });
