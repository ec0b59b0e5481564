import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /users/sendMobileVerification {phoneNumber}`: texts a code to the number (10 digits, US),
 * which becomes the profile's number, not verified until the code comes back.
 */
export function sendMobileVerification(phoneNumber: string) {
  return api.post('/v1/users/sendMobileVerification', { body: { phoneNumber } });
}

export function useSendMobileVerification() {
  return useMutation({ mutationFn: sendMobileVerification });
}
