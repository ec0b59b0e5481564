import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The car as checkout needs it (same query key as the car page, so the cache is shared). */
export type CheckoutCar = {
  _id: string;
  make: string;
  model: string;
  carYear: number;
  primaryPhotoUrl: string;
  isOwnCar: boolean;
  minAgeRequired: number;
  address: { city: string; state: string };
  extras: { extraId: string; extraType: string; description: string; price: { amount: number; per: string } }[];
};

export async function getCar(id: string): Promise<CheckoutCar> {
  return (await api.get<{ data: CheckoutCar }>(`/cars/getCar/${encodeURIComponent(id)}`)).data;
}

export const checkoutCarQueryOptions = (id: string) => queryOptions({ queryKey: ['car', id], queryFn: () => getCar(id), enabled: Boolean(id), retry: false });
export const useCheckoutCar = (id: string) => useQuery(checkoutCarQueryOptions(id));
