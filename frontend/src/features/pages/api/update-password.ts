import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UpdatePasswordInput = { email: string; otp: string; newPassword: string };

/** `POST /users/login/updatePasswordWithOTP {email, otp, newPassword}`: sets the password with the emailed code. */
export function updatePasswordWithOtp({ email, otp, newPassword }: UpdatePasswordInput) {
  return api.post('/v1/users/login/updatePasswordWithOTP', { body: { email, otp, newPassword } });
}

export function useUpdatePasswordWithOtp() {
  return useMutation({ mutationFn: updatePasswordWithOtp });
}
