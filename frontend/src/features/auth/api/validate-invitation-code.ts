import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';


/**
 * `POST /users/validateInvitationCodeForSignUp {code}` (no token): whether an invitation code
 * admits a sign-up (spec 002 section 5: a code can be validated on its own). The server answers
 * an unknown or used-up code with a refusal and its message.
 */
export function validateInvitationCode(code: string) {
  return api.post('/v1/users/validateInvitationCodeForSignUp', { body: { code } });
}

export function useValidateInvitationCode() {
  return useMutation({ mutationFn: validateInvitationCode });
}
