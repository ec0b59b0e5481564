import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type Review = { fromUserId: string; reviewerName: string; reviewerProfilePic: string; reviewTime: string; stars: number; review: string; response: string | null; responserName: string | null };
export type Ratings = { totalRating: number; ratingCount: number; categoryRatings: { category: string; rating: number }[]; reviews: Review[] };

export async function getRatings(carId: string, signal?: AbortSignal): Promise<Ratings> {
  const r = await api.get<{ data: Ratings }>(`/cars/getRatings/${encodeURIComponent(carId)}`, { signal });
  return r.data;
}

export const ratingsQueryOptions = (carId: string) => queryOptions({ queryKey: queryKeys.car.ratings(carId), queryFn: ({ signal }) => getRatings(carId, signal) });

export function useRatings(carId: string) {
  return useQuery(ratingsQueryOptions(carId));
}
