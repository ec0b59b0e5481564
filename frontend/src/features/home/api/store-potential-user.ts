import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export function storePotentialUser(email: string): Promise<Answer<'/v1/coupons/potential-user', 'post'>> {
  const body: Body<'/v1/coupons/potential-user', 'post'> = { email };
  return api.post('/coupons/potential-user', body);
}

export function useStorePotentialUser() {
  return useMutation({ mutationFn: storePotentialUser });
}
