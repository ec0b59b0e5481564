import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export function reportListing(carId: string, reportType: string, reason: string): Promise<Answer<'/v1/cars/reportListing/{id}', 'post'>> {
  const body: Body<'/v1/cars/reportListing/{id}', 'post'> = { reportType, reason };
  return api.post('/v1/cars/reportListing/{id}', { path: { id: carId }, body });
}

export function useReportListing(carId: string) {
  return useMutation({ mutationFn: ({ reportType, reason }: { reportType: string; reason: string }) => reportListing(carId, reportType, reason) });
}
