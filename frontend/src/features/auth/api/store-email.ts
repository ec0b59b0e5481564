import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function storeEmail(email: string) {
  return api.post('/v1/users/storeEmail', { body: { email } });
}

/** Fire and forget; failures are only logged (spec 002 section 7). */
export function useStoreEmail() {
  return useMutation({ mutationFn: storeEmail, onError: (e) => console.warn('Failed to store email', e) });
}
