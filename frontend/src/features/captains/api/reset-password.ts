import { useMutation } from '@tanstack/react-query';
import { captainApi } from '../lib/captain-session';

export type ResetInput = { email: string; otp: string; newPassword: string };

/** `POST /captains/reset-password {email, otp, newPassword}`: sets the password with the emailed code. */
export function captainResetPassword({ email, otp, newPassword }: ResetInput) {
  return captainApi.post('/v1/captains/reset-password', { body: { email, otp, newPassword } });
}

export function useCaptainResetPassword() {
  return useMutation({ mutationFn: captainResetPassword });
}
