import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OtpSendAnswer } from './login-phone';

/** The forgot-password dialog's email code (spec 000 section 4.4). */
export function requestLoginWithOtp(email: string): Promise<OtpSendAnswer> {
  return api.post<OtpSendAnswer>('/users/requestLoginWithOTP', { email });
}

export function useRequestLoginOtp() {
  return useMutation({ mutationFn: requestLoginWithOtp });
}
