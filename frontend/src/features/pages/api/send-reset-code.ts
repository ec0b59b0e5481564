import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /users/resetPasswordWithOTP {email}`: emails a password reset code (a new one after 30 s). */
export function sendResetCode(email: string) {
  return api.post('/v1/users/resetPasswordWithOTP', { body: { email } });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
