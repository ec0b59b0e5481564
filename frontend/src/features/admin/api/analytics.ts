import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type AnalyticsAnswer = Awaited<ReturnType<typeof getAnalytics>>;
export type Analytics = AnalyticsAnswer['data'];

/** `GET /activity/analytics?startDate&endDate` (UTC days, inclusive): the daily rollups' sums. */
export function getAnalytics(startDate: string, endDate: string) {
  return api.get('/v1/activity/analytics', { params: { startDate, endDate } });
}

export const useAnalytics = (startDate: string, endDate: string) =>
  useQuery({ queryKey: queryKeys.admin.analytics(startDate, endDate), queryFn: () => getAnalytics(startDate, endDate), enabled: Boolean(startDate && endDate) });
