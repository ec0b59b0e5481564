import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

/** The forgot-password dialog's email code (spec 000 section 4.4). */
export function requestLoginWithOtp(email: string): Promise<Answer<'/v1/users/requestLoginWithOTP', 'post'>> {
  const body: Body<'/v1/users/requestLoginWithOTP', 'post'> = { email };
  return api.post('/v1/users/requestLoginWithOTP', { body });
}

export function useRequestLoginOtp() {
  return useMutation({ mutationFn: requestLoginWithOtp });
}
