import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function reportListing(carId: string, reportType: string, reason: string): Promise<{ status: boolean; message: string }> {
  return api.post(`/cars/reportListing/${encodeURIComponent(carId)}`, { reportType, reason });
}

export function useReportListing(carId: string) {
  return useMutation({ mutationFn: ({ reportType, reason }: { reportType: string; reason: string }) => reportListing(carId, reportType, reason) });
}
