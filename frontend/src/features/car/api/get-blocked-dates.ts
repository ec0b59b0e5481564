import { queryOptions, useQueries } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export async function getBlockedDates(carId: string, year: number, month: number, signal?: AbortSignal): Promise<string[]> {
  // `month` is 1-12 on the wire.
  const r = await api.get('/v1/calendar/getBlockedOrBookedDates', { params: { carId, year, month }, signal });
  return r.carUnavailableDates;
}

export const blockedDatesQueryOptions = (carId: string, year: number, month: number) =>
  queryOptions({ queryKey: queryKeys.car.blockedDates(carId, year, month), queryFn: ({ signal }) => getBlockedDates(carId, year, month, signal), staleTime: 60_000 });

/** Blocked days of the visible months (months 0-11 as in Date). */
export function useBlockedDates(carId: string, months: { year: number; month: number }[]): Set<string> {
  const qs = useQueries({ queries: months.map((m) => blockedDatesQueryOptions(carId, m.year, m.month + 1)) });
  return new Set(qs.flatMap((q) => q.data ?? []));
}
