import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { TripRange } from '@/lib/dates';

/** 200, 400 and 409 are all answers (spec 002 section 8): a 400 (dates that cannot be checked) or a 409 (not free, with alternatives) is `available: false` with the reason. */
export function checkCarAvailability(carId: string, r: TripRange) {
  // The answer is the document's 200 (`Availability`), 400 (`Availability`) or 409 (`Conflict`).
  return api.get('/v1/cars/isCarAvailableForTheseDates/{id}', {
    path: { id: carId },
    params: { fromDate: r.fromDate, fromTime: r.fromTime, untilDate: r.untilDate, untilTime: r.untilTime, isDelivery: false },
    acceptStatuses: [400, 409],
  });
}

/** Always asked afresh (staleTime 0): the answer can change at any moment. */
export const carAvailabilityQueryOptions = (carId: string, r: TripRange) =>
  queryOptions({ queryKey: queryKeys.car.availability(carId, r), queryFn: () => checkCarAvailability(carId, r), staleTime: 0, retry: false });
