import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionAnswer } from '@/lib/session';

export function login(email: string, password: string): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/users/login', { email, password, deviceFingerprint: deviceFingerprint() });
}

export function useLogin() {
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => login(email, password) });
}
