import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type RemoveDriverAnswer = Answer<'/v1/trips/removeAdditionalDriver', 'post'>;

/** `POST /trips/removeAdditionalDriver {tripId, email}`: the trip's guest removes a driver or withdraws an invitation. */
export function removeAdditionalDriver(tripId: string, email: string): Promise<RemoveDriverAnswer> {
  const body: Body<'/v1/trips/removeAdditionalDriver', 'post'> = { tripId, email };
  return api.post('/v1/trips/removeAdditionalDriver', { body });
}

export function useRemoveAdditionalDriver(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => removeAdditionalDriver(tripId, email),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) }),
  });
}
