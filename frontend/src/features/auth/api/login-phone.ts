import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

/** A code sent: `userId` at the top and in `data` (the document's `OtpSent`). */
export type OtpSendAnswer = Answer<'/v1/users/login/phone', 'post'>;

export function loginPhone(phoneNumber: string): Promise<OtpSendAnswer> {
  const body: Body<'/v1/users/login/phone', 'post'> = { phoneNumber };
  return api.post('/v1/users/login/phone', { body });
}

export function useLoginPhone() {
  return useMutation({ mutationFn: loginPhone });
}
