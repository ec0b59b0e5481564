import { useQueries } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { PriceDetails } from '@/api/types';
import { api } from '@/lib/api-client';

/** `POST /tripPrice/getProtectionPlanPrice`: what a plan costs on a rental price (dollars). */
export async function getPlanPrice(plan: string, rental: number): Promise<number> {
  return (await api.post('/v1/tripPrice/getProtectionPlanPrice', { body: { protectionPlanType: plan, finalTripPrice: rental } })).data.price;
}

/** The rental a plan is a share of: the quote's rental lines after their discounts. */
export function rentalOf(price: PriceDetails | undefined): number | null {
  if (!price) return null;
  const lines = price.pricingBreakdown.filter((l) => l.kind === 'rental' || l.kind === 'discount');
  if (!lines.length) return null;
  return Math.round(lines.reduce((n, l) => n + l.amount, 0) * 100) / 100;
}

/** Each plan's price for the current quote's rental, by plan name (the server prices them). */
export function usePlanPrices(plans: string[], rental: number | null): Record<string, number | undefined> {
  const results = useQueries({
    queries: plans.map((plan) => ({
      queryKey: queryKeys.planPrice(plan, rental ?? 0),
      queryFn: () => getPlanPrice(plan, rental ?? 0),
      enabled: rental !== null,
      staleTime: 5 * 60_000,
    })),
  });
  return Object.fromEntries(plans.map((p, i) => [p, results[i].data]));
}
