import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type ReportRequest = { tripId: string; type: string; description: string };

/** `POST /trips/reportIssue/{id} {type, description, photoUrls}`; photos follow on the photo screen. */
export async function reportIssue({ tripId, type, description }: ReportRequest) {
  return api.post('/v1/trips/reportIssue/{id}', { path: { id: tripId }, body: { type, description, photoUrls: [] } });
}

export function useReportIssue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reportIssue,
    onSuccess: (_r, req) => void qc.invalidateQueries({ queryKey: queryKeys.tripCare.trip(req.tripId) }),
  });
}
