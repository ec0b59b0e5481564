import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, ProtectionPlan } from '@/api/types';
import { api } from '@/lib/api-client';

/** `GET /trips/protectionPlans` (no sign-in): the plans as the server prices them. */
export async function getProtectionPlans(): Promise<ProtectionPlan[]> {
  return (await api.get<Answer<'/v1/trips/protectionPlans', 'get'>>('/trips/protectionPlans')).data;
}

export const protectionPlansQueryOptions = () => queryOptions({ queryKey: queryKeys.pages.protectionPlans, queryFn: getProtectionPlans, staleTime: 10 * 60_000 });
export const useProtectionPlans = () => useQuery(protectionPlansQueryOptions());
