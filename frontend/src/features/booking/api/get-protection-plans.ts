import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, ProtectionPlan } from '@/api/types';
import { api } from '@/lib/api-client';

export async function getProtectionPlans(): Promise<ProtectionPlan[]> {
  return (await api.get<Answer<'/v1/trips/protectionPlans', 'get'>>('/trips/protectionPlans')).data;
}

export const protectionPlansQueryOptions = () => queryOptions({ queryKey: queryKeys.protectionPlans, queryFn: getProtectionPlans, staleTime: Infinity });
export const useProtectionPlans = () => useQuery(protectionPlansQueryOptions());
