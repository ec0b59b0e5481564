import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionAnswer } from '@/lib/session';

export type SignUpBody = {
  firstName: string;
  lastName: string;
  email: string;
  professionalEmail: string;
  phoneNumber: string;
  countryCode: string;
  password: string;
  promotions_enrollment: boolean;
  signUpCode: string;
  termsAccepted: boolean;
};

export function signUp(body: SignUpBody): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/users/sign-up', { ...body, deviceFingerprint: deviceFingerprint() });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
