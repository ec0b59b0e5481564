import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function storePotentialUser(email: string): Promise<unknown> {
  return api.post('/coupons/potential-user', { email });
}

export function useStorePotentialUser() {
  return useMutation({ mutationFn: storePotentialUser });
}
