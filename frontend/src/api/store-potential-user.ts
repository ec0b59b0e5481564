import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from './types';
import { api } from '@/lib/api-client';

/** `POST /coupons/potential-user {email}`: the email capture (the home page's first-trip offer, the giveaway's enrolment). */
export function storePotentialUser(email: string): Promise<Answer<'/v1/coupons/potential-user', 'post'>> {
  const body: Body<'/v1/coupons/potential-user', 'post'> = { email };
  return api.post('/v1/coupons/potential-user', { body });
}

export function useStorePotentialUser() {
  return useMutation({ mutationFn: storePotentialUser });
}
