import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type PriceLine = { label: string; amount: number; explanation?: string; kind?: string };
export type FinalPrice = {
  carId: string;
  finalPrice: number;
  finalPriceBeforeTax: number;
  totalDiscount: number;
  canPayLater: boolean;
  payLaterDateMessage: string;
  convertedFreeCancellationBefore: string | null;
  totalMilesIncluded: number;
  pricePerMile: number;
  pricingBreakdown: PriceLine[];
  quoteId: string;
  quoteExpiresAt: string;
  protectionPlanType: string | null;
};

export type FinalPriceRequest = {
  carId: string;
  newStartDate: string;
  newStartTime: string;
  newEndDate: string;
  newEndTime: string;
  age: number;
  extras: { extraType: string; extraId: string; quantity: 1 }[];
  protectionPlanType: string;
  couponCode?: string;
  pickUpLocation?: { latitude: number; longitude: number; address: string };
};

export async function getFinalTripPrice(body: FinalPriceRequest): Promise<FinalPrice> {
  return (await api.post<{ data: FinalPrice }>('/tripPrice/getFinalTripPrice', body)).data;
}

/** A quote for the current choices; the previous one stays on screen while the next loads (no layout shift). */
export const finalTripPriceQueryOptions = (body: FinalPriceRequest) =>
  queryOptions({ queryKey: queryKeys.finalTripPrice(body), queryFn: () => getFinalTripPrice(body), retry: false, staleTime: 5 * 60_000 });

export const useFinalTripPrice = (body: FinalPriceRequest, enabled: boolean) => useQuery({ ...finalTripPriceQueryOptions(body), enabled, placeholderData: keepPreviousData });
