import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

/** The checkout's choices (`getFinalTripPrice`'s body) with the quote, the price seen and the user. */
export type CreateTripBody = Body<'/v1/trips/createTrip', 'post'>;

/** Booking is retry-safe: the same Idempotency-Key for every attempt of one checkout. */
export function createTrip(body: CreateTripBody, idempotencyKey: string) {
  return api.post('/v1/trips/createTrip', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateTrip(idempotencyKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTripBody) => createTrip(body, idempotencyKey),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.trips.all });
      void qc.invalidateQueries({ queryKey: queryKeys.cars.searches });
    },
    // A refused booking has used its quote (trips binds it first): the next try prices again.
    onError: () => qc.invalidateQueries({ queryKey: queryKeys.finalTripPrices }),
  });
}
