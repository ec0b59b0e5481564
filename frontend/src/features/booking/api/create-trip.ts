import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { FinalPriceRequest } from './get-final-trip-price';

export type CreateTripBody = FinalPriceRequest & { quoteId: string; userId: string; finalPrice: number; pickUpLocation?: unknown; message?: string };

/** Booking is retry-safe: the same Idempotency-Key for every attempt of one checkout. */
export function createTrip(body: CreateTripBody, idempotencyKey: string): Promise<{ data?: { tripId?: string; _id?: string }; tripId?: string }> {
  return api.post('/trips/createTrip', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateTrip(idempotencyKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTripBody) => createTrip(body, idempotencyKey),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.trips.all });
      void qc.invalidateQueries({ queryKey: queryKeys.cars.searches });
    },
  });
}
