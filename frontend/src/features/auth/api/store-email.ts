import { api } from '@/lib/api-client';

/** Fire and forget; failures are only logged (spec 002 section 7). */
export function storeEmail(email: string): void {
  api.post('/users/storeEmail', { email }).catch((e) => console.warn('Failed to store email', e));
}
