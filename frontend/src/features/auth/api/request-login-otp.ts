import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The forgot-password dialog's email code (spec 000 section 4.4). */
export function requestLoginWithOtp(email: string) {
  return api.post('/v1/users/requestLoginWithOTP', { body: { email } });
}

export function useRequestLoginOtp() {
  return useMutation({ mutationFn: requestLoginWithOtp });
}
