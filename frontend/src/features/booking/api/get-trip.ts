import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type Trip = {
  tripId?: string;
  _id?: string;
  status?: string;
  carId: string;
  carName?: string;
  carPhotoUrl?: string;
  renterName?: string;
  startTime?: string;
  endTime?: string;
  newStartDate?: string;
  newStartTime?: string;
  newEndDate?: string;
  newEndTime?: string;
  protectionPlanType?: string;
  /** Null in an additional driver's view, which carries no money. */
  finalPrice?: number | null;
  /** guest | host | admin | driver (an additional driver the guest invited). */
  viewerRole?: string;
  priceDetails?: { pricingBreakdown?: { label: string; amount: number }[] } | null;
  reservationNumber?: string;
  timeZone?: string;
  charges?: Record<string, { price: string }>;
};

export async function getTrip(id: string): Promise<Trip> {
  const r = await api.get<{ data?: Trip; trip?: Trip }>(`/trips/getTrip/${encodeURIComponent(id)}`);
  const t = r.data ?? r.trip;
  if (!t) throw new Error('Trip not found');
  return t;
}

export const tripQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.trips.detail(id), queryFn: () => getTrip(id), enabled: Boolean(id), retry: false });
export const useTrip = (id: string) => useQuery(tripQueryOptions(id));
