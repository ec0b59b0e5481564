import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /users/login/phone {phoneNumber}`: a code sent; `userId` at the top and in `data` (the document's `OtpSent`). */
export function loginPhone(phoneNumber: string) {
  return api.post('/v1/users/login/phone', { body: { phoneNumber } });
}

export function useLoginPhone() {
  return useMutation({ mutationFn: loginPhone });
}
