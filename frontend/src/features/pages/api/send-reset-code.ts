import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

/** `POST /users/resetPasswordWithOTP {email}`: emails a password reset code (a new one after 30 s). */
export function sendResetCode(email: string): Promise<Answer<'/v1/users/resetPasswordWithOTP', 'post'>> {
  const body: Body<'/v1/users/resetPasswordWithOTP', 'post'> = { email };
  return api.post('/v1/users/resetPasswordWithOTP', { body });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
