import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body, Trip } from '@/api/types';
import { api } from '@/lib/api-client';

export type CancelTripBody = Body<'/v1/trips/cancelTrip', 'post'>;

/**
 * `POST /trips/cancelTrip {tripId, cancelReason}` with an `Idempotency-Key`: the server replays
 * the first answer for the same key, so a retried confirm cancels once. The refund is the
 * server's (the policy at the moment of cancelling); the answer is the trip as it now is.
 */
export async function cancelTrip(body: CancelTripBody, idempotencyKey: string): Promise<Trip> {
  const r = await api.post('/v1/trips/cancelTrip', { body, headers: { 'Idempotency-Key': idempotencyKey } });
  return r.data;
}

export function useCancelTrip(idempotencyKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelTripBody) => cancelTrip(body, idempotencyKey),
    onSuccess: (trip) => {
      qc.setQueryData(queryKeys.trips.detail(trip.tripId), trip);
      // Every trip query but the refund the dialog still shows (asked afresh on the next opening).
      const refund = queryKeys.trips.refund(trip.tripId);
      void qc.invalidateQueries({ queryKey: queryKeys.trips.all, predicate: (q) => q.queryKey[2] !== refund[2] });
      void qc.invalidateQueries({ queryKey: queryKeys.cars.searches });
    },
  });
}
