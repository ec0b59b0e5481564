import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { queryKeys } from './query-keys';

export type Extra = { extraId: string; extraType: string; description: string; price: { amount: number; per: string }; isQuantityChoosable: boolean; availableQuantity: number };

export type CarDetails = {
  _id: string;
  title: string;
  ownerId: string;
  isOwnCar: boolean;
  make: string;
  model: string;
  carYear: number;
  trim: string;
  primaryPhotoUrl: string;
  photoUrls: string[];
  totalRating: number;
  ratingCount: number;
  tripCount: number;
  doors: number;
  seats: number;
  gasType: string;
  carDetails: string;
  features: string[];
  extras: Extra[];
  minAgeRequired: number;
  ReportListingPolicy: string;
  cancellationPolicy: string;
  price: number;
  isFav: boolean;
  latitude: number;
  longitude: number;
  address: { street: string; city: string; state: string; zip: string; latitude: number; longitude: number };
  pickupLocations: { latitude: number; longitude: number; address?: { street: string; city: string; state: string; zip: string } }[];
  timeZone?: string;
};

/** `GET /cars/getCar/{id}`: the car page and checkout read the same answer (one cache entry). */
export async function getCar(id: string, signal?: AbortSignal): Promise<CarDetails> {
  const r = await api.get<{ data: CarDetails }>(`/cars/getCar/${encodeURIComponent(id)}`, { signal });
  return r.data;
}

export const carQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.car.detail(id), queryFn: ({ signal }) => getCar(id, signal), enabled: Boolean(id), retry: false });

export function useCar(id: string, config?: QueryConfig<typeof carQueryOptions>) {
  return useQuery({ ...carQueryOptions(id), ...config });
}
