import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type CodeValidity = Answer<'/v1/users/validateInvitationCodeForSignUp', 'post'>;

/**
 * `POST /users/validateInvitationCodeForSignUp {code}` (no token): whether an invitation code
 * admits a sign-up (spec 002 section 5: a code can be validated on its own). The server answers
 * an unknown or used-up code with a refusal and its message.
 */
export function validateInvitationCode(code: string): Promise<CodeValidity> {
  const body: Body<'/v1/users/validateInvitationCodeForSignUp', 'post'> = { code };
  return api.post('/v1/users/validateInvitationCodeForSignUp', { body });
}

export function useValidateInvitationCode() {
  return useMutation({ mutationFn: validateInvitationCode });
}
