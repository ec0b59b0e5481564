import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function reportListing(carId: string, reportType: string, reason: string) {
  return api.post('/v1/cars/reportListing/{id}', { path: { id: carId }, body: { reportType, reason } });
}

export function useReportListing(carId: string) {
  return useMutation({ mutationFn: ({ reportType, reason }: { reportType: string; reason: string }) => reportListing(carId, reportType, reason) });
}
