import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type HostReviewsAnswer = Awaited<ReturnType<typeof getHostReviews>>;
export type HostReview = HostReviewsAnswer['data']['reviews'][number];

/** `GET /hostbusiness/getReviewsForHost?page`: reviews of the host's cars, newest first, 50 a page. */
export function getHostReviews(page: number) {
  return api.get('/v1/hostbusiness/getReviewsForHost', { params: { page } });
}

export const hostReviewsQueryOptions = (page: number) =>
  queryOptions({ queryKey: queryKeys.hostCars.reviews(page), queryFn: () => getHostReviews(page), placeholderData: keepPreviousData });

export function useHostReviews(page: number, config?: QueryConfig<typeof hostReviewsQueryOptions>) {
  return useQuery({ ...hostReviewsQueryOptions(page), ...config });
}

/** `POST /cars/respondToCarReview {ratingId, responseMessage}`: answering again replaces the answer. */
export function respondToReview(ratingId: string, responseMessage: string) {
  return api.post('/v1/cars/respondToCarReview', { body: { ratingId, responseMessage } });
}

export function useRespondToReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, message }: { ratingId: string; message: string }) => respondToReview(ratingId, message),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.hostCars.reviewsAll }),
  });
}
