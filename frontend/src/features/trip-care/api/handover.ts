import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Trip } from '@/api/types';
import { api } from '@/lib/api-client';

export type HandoverKind = 'check-in' | 'check-out';
export type PhotoGroup = 'exterior' | 'interior';

const ROUTES = { 'check-in': '/v1/trips/checkIn/{tripId}', 'check-out': '/v1/trips/checkout/{tripId}' } as const;

export type HandoverRequest = { tripId: string; type: PhotoGroup; photoUrls: string[] };

/**
 * `POST /trips/checkIn/{tripId}` or `POST /trips/checkout/{tripId}` `{role, photoUrls, type}`: the
 * first call moves the trip, later ones add photos for 30 minutes. The role is the guest's (the
 * token decides anyway).
 */
export async function handover(kind: HandoverKind, { tripId, type, photoUrls }: HandoverRequest): Promise<Trip> {
  const r = await api.post(ROUTES[kind], { path: { tripId }, body: { role: 'guest', photoUrls, type } });
  return r.data;
}

/** Refreshes the trip (its status) and the photos recorded. */
export function useHandover(kind: HandoverKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: HandoverRequest) => handover(kind, req),
    onSuccess: (trip, req) => {
      qc.setQueryData(queryKeys.trips.detail(req.tripId), trip);
      void qc.invalidateQueries({ queryKey: queryKeys.tripCare.photos(req.tripId) });
    },
  });
}
