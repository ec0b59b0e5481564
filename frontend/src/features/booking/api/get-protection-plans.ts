import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type ProtectionPlan = { name: string; label?: string; coverage: string[]; percentOfTripPrice?: number; deductible?: number | null; isDefault?: boolean };

export async function getProtectionPlans(): Promise<ProtectionPlan[]> {
  return (await api.get<{ data: ProtectionPlan[] }>('/trips/protectionPlans')).data ?? [];
}

export const protectionPlansQueryOptions = () => queryOptions({ queryKey: queryKeys.protectionPlans, queryFn: getProtectionPlans, staleTime: Infinity });
export const useProtectionPlans = () => useQuery(protectionPlansQueryOptions());
