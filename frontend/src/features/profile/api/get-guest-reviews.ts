import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type GuestReview = { fromUserName: string; fromUserProfileLink: string; stars: number; review: string; reviewTime: string };

export async function getGuestReviews(userId: string): Promise<GuestReview[]> {
  return (await api.get<{ data: GuestReview[] }>(`/guestReviews/getReviews/${encodeURIComponent(userId)}`)).data ?? [];
}

export const guestReviewsQueryOptions = (userId: string) => queryOptions({ queryKey: queryKeys.guestReviews(userId), queryFn: () => getGuestReviews(userId), enabled: Boolean(userId) });
export const useGuestReviews = (userId: string) => useQuery(guestReviewsQueryOptions(userId));
