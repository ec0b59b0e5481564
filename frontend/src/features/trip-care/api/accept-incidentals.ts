import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type AcceptRequest = { tripId: string; priceToPay: number; idempotencyKey: string };

/**
 * `POST /trips/acceptIncidentals {tripId, priceToPay}` with an `Idempotency-Key` made once per
 * shown total, so a retried click charges once. The server answers the incidentals as they are now.
 */
export async function acceptIncidentals({ tripId, priceToPay, idempotencyKey }: AcceptRequest) {
  const r = await api.post('/v1/trips/acceptIncidentals', { body: { tripId, priceToPay }, headers: { 'Idempotency-Key': idempotencyKey } });
  return r;
}

export function useAcceptIncidentals() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptIncidentals,
    onSuccess: (r, req) => {
      qc.setQueryData(queryKeys.tripCare.incidentals(req.tripId, 'guest'), r.data);
      void qc.invalidateQueries({ queryKey: queryKeys.tripCare.incidentals(req.tripId, 'guest') });
      void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(req.tripId) });
    },
  });
}
