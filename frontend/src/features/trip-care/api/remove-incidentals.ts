import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';


/** `POST /trips/modifyIncidentals/{id} {incidentalIds}`: the host removes pending incidentals (at least one). */
export function removeIncidentals(tripId: string, incidentalIds: string[]) {
  return api.post('/v1/trips/modifyIncidentals/{id}', { path: { id: tripId }, body: { incidentalIds } });
}

export function useRemoveIncidentals(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (incidentalIds: string[]) => removeIncidentals(tripId, incidentalIds),
    onSuccess: (r) => {
      qc.setQueryData(queryKeys.tripCare.incidentals(tripId, 'host'), r.data);
      void qc.invalidateQueries({ queryKey: queryKeys.tripCare.trip(tripId) });
      void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) });
    },
  });
}
