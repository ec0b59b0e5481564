import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { captainApi } from '../lib/captain-session';

/** `POST /captains/forgot-password {email}`: emails the captain a reset code. */
export function captainForgotPassword(email: string): Promise<Answer<'/v1/captains/forgot-password', 'post'>> {
  const body: Body<'/v1/captains/forgot-password', 'post'> = { email };
  return captainApi.post('/v1/captains/forgot-password', { body });
}

export function useCaptainForgotPassword() {
  return useMutation({ mutationFn: (email: string) => captainForgotPassword(email) });
}
