import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ProtectionPlan = { name: string; label?: string; coverage: string[]; percentOfTripPrice?: number; deductible?: number | null; isDefault?: boolean };

export async function getProtectionPlans(): Promise<ProtectionPlan[]> {
  return (await api.get<{ data: ProtectionPlan[] }>('/trips/protectionPlans')).data ?? [];
}

export const protectionPlansQueryOptions = () => queryOptions({ queryKey: ['protection-plans'], queryFn: getProtectionPlans, staleTime: Infinity });
export const useProtectionPlans = () => useQuery(protectionPlansQueryOptions());
