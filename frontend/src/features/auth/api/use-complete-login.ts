import { useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@/api/types';
import { setSession } from '@/lib/session';
import { verifyTokenQueryOptions } from './verify-token';

/** An answer without the session it should carry (spec 002 section 8). */
export const MISSING_SESSION = 'Token or user data missing in the response';

/**
 * Finishes any login: the token must verify, then token and user are stored and every query
 * is refetched with the new identity (instead of the page reload of the original client).
 */
export function useCompleteLogin() {
  const qc = useQueryClient();
  return async (answer: SessionAnswer): Promise<void> => {
    if (!answer.access_token || !answer.user) throw new Error(MISSING_SESSION);
    const checked = await qc.fetchQuery(verifyTokenQueryOptions(answer.access_token));
    setSession(checked.access_token ?? answer.access_token, checked.user ?? answer.user);
    await qc.invalidateQueries();
  };
}
