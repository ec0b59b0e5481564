import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { ReportKind } from '../lib/photo-target';

export type AttachRequest = { tripId: string; kind: ReportKind; category: string; photoUrls: string[] };

/** `POST /trips/attachReportPhotos/{id} {kind, category, photoUrls}`: an issue report's, a damage report's or an incidence charge's photos. */
export async function attachReportPhotos({ tripId, kind, category, photoUrls }: AttachRequest) {
  return api.post('/v1/trips/attachReportPhotos/{id}', { path: { id: tripId }, body: { kind, category, photoUrls } });
}

/** Reports and incidentals carry their photos: the trip's care queries are read again. */
export function useAttachReportPhotos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: attachReportPhotos,
    onSuccess: (_r, req) => void qc.invalidateQueries({ queryKey: queryKeys.tripCare.trip(req.tripId) }),
  });
}
