import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type UpdatePasswordInput = { email: string; otp: string; newPassword: string };

/** `POST /users/login/updatePasswordWithOTP {email, otp, newPassword}`: sets the password with the emailed code. */
export function updatePasswordWithOtp({ email, otp, newPassword }: UpdatePasswordInput): Promise<Answer<'/v1/users/login/updatePasswordWithOTP', 'post'>> {
  const body: Body<'/v1/users/login/updatePasswordWithOTP', 'post'> = { email, otp, newPassword };
  return api.post('/v1/users/login/updatePasswordWithOTP', { body });
}

export function useUpdatePasswordWithOtp() {
  return useMutation({ mutationFn: updatePasswordWithOtp });
}
