import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import type { ProtectionPlan } from './types';
import { api } from '@/lib/api-client';

/** `GET /trips/protectionPlans` (no sign-in): the plans as the server prices them (checkout, the protection plans page). */
export async function getProtectionPlans(): Promise<ProtectionPlan[]> {
  return (await api.get('/v1/trips/protectionPlans')).data;
}

export const protectionPlansQueryOptions = () => queryOptions({ queryKey: queryKeys.protectionPlans, queryFn: getProtectionPlans, staleTime: Infinity });
export const useProtectionPlans = () => useQuery(protectionPlansQueryOptions());
