import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body, Trip } from '@/api/types';
import { api } from '@/lib/api-client';

export type ModifyRequestBody = Body<'/v1/trips/createModifyTripRequest', 'post'> & { tripId: string };

/** `POST /trips/createModifyTripRequest`: ask to change a confirmed trip; the host answers. */
export async function createModifyRequest(body: ModifyRequestBody) {
  return api.post('/v1/trips/createModifyTripRequest', { body });
}

/** `POST /trips/cancelModifyRequest {tripId}`: its creator withdraws the pending request. */
export async function cancelModifyRequest(tripId: string): Promise<Trip> {
  return (await api.post('/v1/trips/cancelModifyRequest', { body: { tripId } })).data;
}

function useTripChanged() {
  const qc = useQueryClient();
  return (trip: Trip) => {
    qc.setQueryData(queryKeys.trips.detail(trip.tripId), trip);
    void qc.invalidateQueries({ queryKey: queryKeys.trips.all });
  };
}

export function useCreateModifyRequest() {
  const changed = useTripChanged();
  return useMutation({ mutationFn: createModifyRequest, onSuccess: (a) => changed(a.data) });
}

export function useCancelModifyRequest() {
  const changed = useTripChanged();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelModifyRequest,
    onSuccess: changed,
    // A refusal (the host answered meanwhile) means the trip changed: read it again.
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.trips.all }),
  });
}

export type ModifyAnswer = { tripId: string; accept: boolean };

/** `POST /trips/respondToModifyRequest {tripId, response}`: the guest answers the host's request. */
export async function respondToModifyRequest({ tripId, accept }: ModifyAnswer): Promise<Trip> {
  return (await api.post('/v1/trips/respondToModifyRequest', { body: { tripId, response: accept ? 'accept' : 'decline' } })).data;
}

export function useRespondToModifyRequest() {
  const changed = useTripChanged();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: respondToModifyRequest,
    onSuccess: changed,
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.trips.all }),
  });
}
