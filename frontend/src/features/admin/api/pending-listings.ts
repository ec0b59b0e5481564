import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type PendingPage = Awaited<ReturnType<typeof getPendingListings>>;
export type PendingListing = PendingPage['data'][number];

/** Listings per page of the review queue. */
export const PENDING_PAGE_SIZE = 20;

/** `GET /admin/cars/pending?page&limit`: finalized listings waiting for review, oldest first. */
export function getPendingListings(page: number) {
  return api.get('/v1/admin/cars/pending', { params: { page: String(page), limit: String(PENDING_PAGE_SIZE) } });
}

export const usePendingListings = (page: number) =>
  useQuery({ queryKey: queryKeys.admin.pending(page), queryFn: () => getPendingListings(page), placeholderData: keepPreviousData });

/** `POST /admin/cars/{id}/approve` or `.../reject {reason}`. */
export function reviewListing(carId: string, decision: { approve: true } | { approve: false; reason: string }) {
  if (decision.approve) return api.post('/v1/admin/cars/{id}/approve', { path: { id: carId } });
  return api.post('/v1/admin/cars/{id}/reject', { path: { id: carId }, body: { reason: decision.reason } });
}

/** A decision, then the queue is read again. */
export function useReviewListing(carId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (decision: Parameters<typeof reviewListing>[1]) => reviewListing(carId, decision),
    onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
