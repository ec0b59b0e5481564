import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/**
 * `POST /trips/disputeIncidentals/{id} {incidentalIds, reason}`: the guest disputes pending
 * incidentals within their 48 hours; nothing is charged and support decides.
 */
export function disputeIncidentals(tripId: string, incidentalIds: string[], reason: string) {
  return api.post('/v1/trips/disputeIncidentals/{id}', { path: { id: tripId }, body: { incidentalIds, reason } });
}

export function useDisputeIncidentals(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentalIds, reason }: { incidentalIds: string[]; reason: string }) => disputeIncidentals(tripId, incidentalIds, reason),
    onSuccess: (r) => {
      qc.setQueryData(queryKeys.tripCare.incidentals(tripId, 'guest'), r.data);
      void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) });
    },
  });
}
