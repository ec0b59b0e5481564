import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { PriceDetails } from '@/api/types';
import { api } from '@/lib/api-client';
import { addDays, parseYmd, roundTimeForPrice, toYmd, type TripRange } from '@/lib/dates';

/** Times sent for prices are rounded to the half hour (spec 000 section 5); 11:50 PM rolls to the next day. */
export function priceRange(r: TripRange): TripRange {
  const a = roundTimeForPrice(r.fromTime);
  const b = roundTimeForPrice(r.untilTime);
  const roll = (d: string, next: boolean) => (next ? toYmd(addDays(parseYmd(d)!, 1)) : d);
  return { fromDate: roll(r.fromDate, a.nextDay), fromTime: a.time, untilDate: roll(r.untilDate, b.nextDay), untilTime: b.time };
}

export async function getTripPrice(carId: string, r: TripRange, signal?: AbortSignal): Promise<PriceDetails> {
  const p = priceRange(r);
  const a = await api.get('/v1/tripPrice/getTripPrice', { params: { carId, newStartDate: p.fromDate, newStartTime: p.fromTime, newEndDate: p.untilDate, newEndTime: p.untilTime }, signal });
  return a.data;
}

/** Keyed by car and the exact rounded range, so a price is reused when they match (spec 000 section 4.5). */
export const tripPriceQueryOptions = (carId: string, r: TripRange, enabled = true) =>
  queryOptions({ queryKey: queryKeys.tripPrice(carId, priceRange(r)), queryFn: ({ signal }) => getTripPrice(carId, r, signal), enabled, retry: false, staleTime: 60_000 });

export function useTripPrice(carId: string, r: TripRange, enabled = true) {
  return useQuery(tripPriceQueryOptions(carId, r, enabled));
}
