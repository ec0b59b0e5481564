import { useMutation } from '@tanstack/react-query';
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';

export function storeEmail(email: string): Promise<Answer<'/v1/users/storeEmail', 'post'>> {
  const body: Body<'/v1/users/storeEmail', 'post'> = { email };
  return api.post('/v1/users/storeEmail', { body });
}

/** Fire and forget; failures are only logged (spec 002 section 7). */
export function useStoreEmail() {
  return useMutation({ mutationFn: storeEmail, onError: (e) => console.warn('Failed to store email', e) });
}
