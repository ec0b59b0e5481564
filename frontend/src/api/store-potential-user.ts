import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /coupons/potential-user {email}`: the email capture (the home page's first-trip offer, the giveaway's enrolment). */
export function storePotentialUser(email: string) {
  return api.post('/v1/coupons/potential-user', { body: { email } });
}

export function useStorePotentialUser() {
  return useMutation({ mutationFn: storePotentialUser });
}
