import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** One charge as the host sends it: its type and what its rule is computed from. */
export type IncidentalItem = { type: string; description: string; amount?: number; milesDriven?: number; improperReturn?: boolean };

/**
 * `POST /trips/addIncidentals/{id} {incidentals: [...]}`: the host charges incidentals (all or
 * none are added; pricing computes each). The answer is the host's list as it now is.
 */
export function addIncidentals(tripId: string, items: IncidentalItem[]) {
  return api.post('/v1/trips/addIncidentals/{id}', { path: { id: tripId }, body: { incidentals: items } });
}

/** The host's list is the answer; the trip's other trip-care reads (charges) and its history change too. */
export function useAddIncidentals(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: IncidentalItem[]) => addIncidentals(tripId, items),
    onSuccess: (r) => {
      qc.setQueryData(queryKeys.tripCare.incidentals(tripId, 'host'), r.data);
      void qc.invalidateQueries({ queryKey: queryKeys.tripCare.trip(tripId) });
      void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) });
    },
  });
}
