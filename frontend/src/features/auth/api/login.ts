import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionUser } from '@/lib/session';

export type SessionAnswer = { status?: boolean; message?: string; access_token?: string; user?: SessionUser };

export function login(email: string, password: string): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/users/login', { email, password, deviceFingerprint: deviceFingerprint() });
}

export function useLogin() {
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => login(email, password) });
}
