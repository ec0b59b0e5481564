import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { GuestReview } from '@/api/types';
import { api } from '@/lib/api-client';

export async function getGuestReviews(userId: string): Promise<GuestReview[]> {
  return (await api.get('/v1/guestReviews/getReviews/{userId}', { path: { userId } })).data;
}

export const guestReviewsQueryOptions = (userId: string) => queryOptions({ queryKey: queryKeys.guestReviews(userId), queryFn: () => getGuestReviews(userId), enabled: Boolean(userId) });
export const useGuestReviews = (userId: string) => useQuery(guestReviewsQueryOptions(userId));
