import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';
import type { ListingAnswer } from '@/api/get-car-listing';

/**
 * The car update calls of `POST /host/car-update/...` (spec 001 section 7). They take the same
 * body type and answer the car as it now is, so one fetcher serves them, named by the call.
 */
const UPDATES = {
  updateCarDailyPrice: '/v1/host/car-update/updateCarDailyPrice/{id}',
  updatePriceDiscount: '/v1/host/car-update/updatePriceDiscount/{id}',
  updateTripPreferences: '/v1/host/car-update/updateTripPreferences/{id}',
  updateGuestInstructions: '/v1/host/car-update/updateGuestInstructions/{id}',
  updateCarDetails: '/v1/host/car-update/updateCarDetails/{id}',
  updateCarExtra: '/v1/host/car-update/updateCarExtra/{id}',
} as const;

export type CarUpdateCall = keyof typeof UPDATES;

/** The body the six calls take (the document's `CarUpdateBody` for each). */
export type CarUpdateBody = Body<(typeof UPDATES)[CarUpdateCall], 'post'>;

export function updateCar(call: CarUpdateCall, carId: string, body: CarUpdateBody) {
  return api.post(UPDATES[call], { path: { id: carId }, body });
}

/** `POST /host/car-update/updateCarStatus/{id} {carStatus}`: listed, snoozed or unlisted. */
export function updateCarStatus(carId: string, carStatus: string) {
  return api.post('/v1/host/car-update/updateCarStatus/{id}', { path: { id: carId }, body: { carStatus } });
}

/** `POST /host/car-update/deleteCar/{id}`: 409 `car_has_trips` while trips have not ended. */
export function deleteCar(carId: string) {
  return api.post('/v1/host/car-update/deleteCar/{id}', { path: { id: carId } });
}

export type DatePricesBody = Body<'/v1/host/car-update/updateDatePrices/{id}', 'post'>;

/**
 * `POST /host/car-update/updateDatePrices/{id} {prices: [{date, dailyPrice}]}`: sets the price
 * of each date sent, or removes it with a `dailyPrice` of null; other dates keep theirs.
 */
export function updateDatePrices(carId: string, prices: DatePricesBody['prices']) {
  return api.post('/v1/host/car-update/updateDatePrices/{id}', { path: { id: carId }, body: { prices } });
}

/** The car an update answers replaces the cached one; the list of cars is read again. */
function useCarAnswer(carId: string) {
  const qc = useQueryClient();
  return (answer: Awaited<ReturnType<typeof updateCar | typeof updateCarStatus | typeof updateDatePrices>>) => {
    qc.setQueryData(queryKeys.carListing(carId), (old: ListingAnswer | undefined) => ({ status: true, nextStep: old?.nextStep ?? null, carListing: answer.data }));
    void qc.invalidateQueries({ queryKey: queryKeys.hostCars.lists });
  };
}

export function useUpdateCar(carId: string, call: CarUpdateCall) {
  const onSuccess = useCarAnswer(carId);
  return useMutation({ mutationFn: (body: CarUpdateBody) => updateCar(call, carId, body), onSuccess });
}

export function useUpdateDatePrices(carId: string) {
  const onSuccess = useCarAnswer(carId);
  return useMutation({ mutationFn: (prices: DatePricesBody['prices']) => updateDatePrices(carId, prices), onSuccess });
}

export function useUpdateCarStatus(carId: string) {
  const onSuccess = useCarAnswer(carId);
  return useMutation({ mutationFn: (carStatus: string) => updateCarStatus(carId, carStatus), onSuccess });
}

export function useDeleteCar(carId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCar(carId),
    onSuccess: () => {
      qc.removeQueries({ queryKey: queryKeys.carListing(carId) });
      void qc.invalidateQueries({ queryKey: queryKeys.hostCars.all });
    },
  });
}
