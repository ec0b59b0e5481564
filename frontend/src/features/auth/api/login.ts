import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionAnswer } from '@/api/types';

/** `POST /users/login` with email and password answers a session (a phone number alone would answer a code sent). */
export async function login(email: string, password: string): Promise<SessionAnswer> {
  const answer = await api.post('/v1/users/login', { body: { email, password, deviceFingerprint: deviceFingerprint() } });
  if (!('access_token' in answer)) throw new Error('Token or user data missing in the response');
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => login(email, password) });
}
