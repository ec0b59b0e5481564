import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';


/** `POST /trips/addAdditionalDriver {tripId, additionalDriverEmails}`: the trip's guest invites drivers by email. */
export function addAdditionalDrivers(tripId: string, emails: string[]) {
  return api.post('/v1/trips/addAdditionalDriver', { body: { tripId, additionalDriverEmails: emails } });
}

export function useAddAdditionalDrivers(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => addAdditionalDrivers(tripId, emails),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) }),
  });
}
