import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionAnswer } from './types';

export type OtpType = 'phone' | 'email';

/**
 * `POST /users/login/otp`: a phone or email code. It signs in (login modal, forgot password)
 * and also marks the email verified (prebook's email step, which sends no device fingerprint).
 */
export function loginOtp(userId: string, otp: string, otpType: OtpType = 'phone', fingerprint: string | null = deviceFingerprint()): Promise<SessionAnswer> {
  return api.post('/v1/users/login/otp', { body: { userId, otp, deviceFingerprint: fingerprint, otpType } });
}

export function useLoginOtp() {
  return useMutation({ mutationFn: ({ userId, otp, otpType }: { userId: string; otp: string; otpType?: OtpType }) => loginOtp(userId, otp, otpType) });
}
