import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type CheckAnswer = Answer<'/v1/host/carListing/checkCarListing', 'post'>;

/**
 * `POST /host/carListing/checkCarListing {userId}`: whether the caller has a draft, the
 * server's message for the 'Existing Car Listing' dialog, its `carId` and `nextStep`. (The
 * server reads the caller from the token; `userId` is sent as the spec shows.)
 */
export function checkCarListing(userId: string): Promise<CheckAnswer> {
  const body: Body<'/v1/host/carListing/checkCarListing', 'post'> = { userId };
  return api.post('/v1/host/carListing/checkCarListing', { body });
}

export function useCheckCarListing() {
  return useMutation({ mutationFn: checkCarListing });
}
