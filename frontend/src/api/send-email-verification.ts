import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Body } from './types';

export type EmailVerificationBody = Body<'/v1/users/sendEmail', 'post'>;

/** `POST /users/sendEmail`: sends the email verification code (checked with `loginOtp(..., 'email')`). */
export function sendEmailVerification(body: EmailVerificationBody) {
  return api.post('/v1/users/sendEmail', { body });
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
