import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';


/** `POST /trips/removeAdditionalDriver {tripId, email}`: the trip's guest removes a driver or withdraws an invitation. */
export function removeAdditionalDriver(tripId: string, email: string) {
  return api.post('/v1/trips/removeAdditionalDriver', { body: { tripId, email } });
}

export function useRemoveAdditionalDriver(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => removeAdditionalDriver(tripId, email),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) }),
  });
}
