import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type PerformanceAnswer = Awaited<ReturnType<typeof getPerformance>>;
export type Performance = PerformanceAnswer['data'];

/** `GET /hostbusiness/getPerformanceData?days`: the host's figures over the last `days` days. */
export function getPerformance(days: number) {
  return api.get('/v1/hostbusiness/getPerformanceData', { params: { days } });
}

export const performanceQueryOptions = (days: number) =>
  queryOptions({ queryKey: queryKeys.hostCars.performance(days), queryFn: () => getPerformance(days), placeholderData: keepPreviousData });

export function usePerformance(days: number, config?: QueryConfig<typeof performanceQueryOptions>) {
  return useQuery({ ...performanceQueryOptions(days), ...config });
}
