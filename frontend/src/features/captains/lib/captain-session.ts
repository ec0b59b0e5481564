import { useSyncExternalStore } from 'react';
import type { User } from '@/api/types';
import { createApiClient } from '@/lib/api-client';
import { createSessionStore } from '@/lib/session';

/** The signed-in captain as `captains/login` answered it (`role: "captain"`). */
export type CaptainUser = Partial<User>;

/**
 * The captain's session (spec 001 section 6: a separate token, `captainToken`), kept apart from
 * the guest's `token` and `user`: a guest can be signed in beside it, and neither client sends
 * the other's token.
 */
export const captainSession = createSessionStore<CaptainUser>('captainToken', 'captainUser');

export function useCaptainSession() {
  return useSyncExternalStore(captainSession.subscribe, captainSession.get, captainSession.get);
}

/**
 * Every captain call goes through this client, with the captain's token. A 401 clears the
 * captain session (spec 001 sections 2 and 8), and so does a 403 `wrong_account_kind` (the
 * stored token is not a captain's); the captain screens then go to /captains/login.
 */
export const captainApi = createApiClient({
  token: captainSession.token,
  onRefused: (status, code) => {
    if (status === 401 || (status === 403 && code === 'wrong_account_kind')) captainSession.clear();
  },
});
