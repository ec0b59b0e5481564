import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type DraftCheck = Answer<'/v1/host/carListing/checkCarListing', 'post'>;

/** `POST /host/carListing/checkCarListing {userId}`: whether the host has a wizard draft, and its next step. */
export function checkCarListing(userId: string): Promise<DraftCheck> {
  const body: Body<'/v1/host/carListing/checkCarListing', 'post'> = { userId };
  return api.post('/v1/host/carListing/checkCarListing', { body });
}

export const draftQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.hostCars.draft, queryFn: () => checkCarListing(userId), enabled: Boolean(userId) });

export function useDraftListing(userId: string, config?: QueryConfig<typeof draftQueryOptions>) {
  return useQuery({ ...draftQueryOptions(userId), ...config });
}
