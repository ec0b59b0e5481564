import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type AddDriversAnswer = Answer<'/v1/trips/addAdditionalDriver', 'post'>;

/** `POST /trips/addAdditionalDriver {tripId, additionalDriverEmails}`: the trip's guest invites drivers by email. */
export function addAdditionalDrivers(tripId: string, emails: string[]): Promise<AddDriversAnswer> {
  const body: Body<'/v1/trips/addAdditionalDriver', 'post'> = { tripId, additionalDriverEmails: emails };
  return api.post('/v1/trips/addAdditionalDriver', { body });
}

export function useAddAdditionalDrivers(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => addAdditionalDrivers(tripId, emails),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.trips.detail(tripId) }),
  });
}
