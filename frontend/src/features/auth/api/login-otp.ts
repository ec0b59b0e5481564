import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionAnswer } from './login';

export type OtpType = 'phone' | 'email';

export function loginOtp(userId: string, otp: string, otpType: OtpType = 'phone'): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/users/login/otp', { userId, otp, deviceFingerprint: deviceFingerprint(), otpType });
}

export function useLoginOtp() {
  return useMutation({ mutationFn: ({ userId, otp, otpType }: { userId: string; otp: string; otpType?: OtpType }) => loginOtp(userId, otp, otpType) });
}
