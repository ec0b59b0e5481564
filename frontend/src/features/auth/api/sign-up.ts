import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { Body } from '@/api/types';

/** The form's fields; the device fingerprint is added here. */
export type SignUpBody = Omit<Body<'/v1/users/sign-up', 'post'>, 'deviceFingerprint'>;

export function signUp(body: SignUpBody) {
  return api.post('/v1/users/sign-up', { body: { ...body, deviceFingerprint: deviceFingerprint() } satisfies Body<'/v1/users/sign-up', 'post'> });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
