import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type EmailVerificationBody = { email: string; firstName: string; userId: string };

/** `POST /users/sendEmail`: sends the email verification code (checked with `loginOtp(..., 'email')`). */
export function sendEmailVerification(body: EmailVerificationBody): Promise<{ status?: boolean; message?: string }> {
  return api.post('/users/sendEmail', body);
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
