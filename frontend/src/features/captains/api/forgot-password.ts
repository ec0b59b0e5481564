import { useMutation } from '@tanstack/react-query';
import { captainApi } from '../lib/captain-session';

/** `POST /captains/forgot-password {email}`: emails the captain a reset code. */
export function captainForgotPassword(email: string) {
  return captainApi.post('/v1/captains/forgot-password', { body: { email } });
}

export function useCaptainForgotPassword() {
  return useMutation({ mutationFn: (email: string) => captainForgotPassword(email) });
}
