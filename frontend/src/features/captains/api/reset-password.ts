import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { captainApi } from '../lib/captain-session';

export type ResetInput = { email: string; otp: string; newPassword: string };

/** `POST /captains/reset-password {email, otp, newPassword}`: sets the password with the emailed code. */
export function captainResetPassword({ email, otp, newPassword }: ResetInput): Promise<Answer<'/v1/captains/reset-password', 'post'>> {
  const body: Body<'/v1/captains/reset-password', 'post'> = { email, otp, newPassword };
  return captainApi.post('/v1/captains/reset-password', { body });
}

export function useCaptainResetPassword() {
  return useMutation({ mutationFn: captainResetPassword });
}
