import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { SessionAnswer } from '@/api/types';
import { captainApi, captainSession } from '../lib/captain-session';

/** `POST /captains/login {email, password}` answers `{access_token, user}` (CONTRACT.md, Identity). */
export async function captainLogin(email: string, password: string): Promise<SessionAnswer> {
  const answer = await captainApi.post('/v1/captains/login', { body: { email, password } });
  if (!answer?.access_token || !answer.user) throw new Error('Token or user data missing in the response');
  return answer;
}

/** Logs in and stores the captain session; what another captain loaded before is dropped. */
export function useCaptainLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => captainLogin(email, password),
    onSuccess: (answer) => {
      qc.removeQueries({ queryKey: queryKeys.captains.all });
      captainSession.set(answer.access_token, answer.user ?? {});
    },
  });
}
