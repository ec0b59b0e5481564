import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Trip } from '@/api/types';
import { api } from '@/lib/api-client';

export type RequestAnswer = { tripId: string; accept: true } | { tripId: string; accept: false; rejectReason: string };

/**
 * `POST /trips/acceptTrip/{id}` or `POST /trips/rejectTrip/{id} {rejectReason}`: the host's answer
 * to a booking request. The server decides (409 `invalid_trip_status` when the trip moved on,
 * e.g. the guest cancelled meanwhile); the answer is the trip as it now is.
 */
export async function answerRequest(a: RequestAnswer): Promise<Trip> {
  const id = encodeURIComponent(a.tripId);
  if (a.accept) {
    const r = await api.post('/v1/trips/acceptTrip/{id}', { path: { id } });
    return r.data;
  }
  const r = await api.post('/v1/trips/rejectTrip/{id}', { path: { id }, body: { rejectReason: a.rejectReason } });
  return r.data;
}

/** Either way the host's lists and the trip itself are read again (also after a refusal: the trip changed). */
export function useAnswerRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerRequest,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.hostTrips.all });
      void qc.invalidateQueries({ queryKey: queryKeys.trips.all });
    },
  });
}
