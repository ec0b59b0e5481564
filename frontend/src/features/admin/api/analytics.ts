import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';

export type AnalyticsAnswer = Answer<'/v1/activity/analytics', 'get'>;
export type Analytics = AnalyticsAnswer['data'];

/** `GET /activity/analytics?startDate&endDate` (UTC days, inclusive): the daily rollups' sums. */
export function getAnalytics(startDate: string, endDate: string): Promise<AnalyticsAnswer> {
  return api.get('/v1/activity/analytics', { params: { startDate, endDate } });
}

export const useAnalytics = (startDate: string, endDate: string) =>
  useQuery({ queryKey: queryKeys.admin.analytics(startDate, endDate), queryFn: () => getAnalytics(startDate, endDate), enabled: Boolean(startDate && endDate) });
