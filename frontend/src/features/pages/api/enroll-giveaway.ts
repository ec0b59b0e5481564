import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

/**
 * The giveaway's enrolment: `POST /coupons/potential-user {email}`, the email capture the spec
 * names (it also sends the first-trip offer). The answer's `message` is shown as is.
 */
export function enrollGiveaway(email: string): Promise<Answer<'/v1/coupons/potential-user', 'post'>> {
  const body: Body<'/v1/coupons/potential-user', 'post'> = { email };
  return api.post('/coupons/potential-user', body);
}

export function useEnrollGiveaway() {
  return useMutation({ mutationFn: enrollGiveaway });
}
