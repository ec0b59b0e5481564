import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { deviceFingerprint } from '@/lib/device';
import type { SessionAnswer } from '@/api/types';

/** Every login ends with a token check that must succeed before the session is stored. */
export function verifyToken(token: string): Promise<SessionAnswer> {
  return api.post('/v1/users/verifyToken', { body: { token, deviceFingerprint: deviceFingerprint() }, headers: { Authorization: `Bearer ${token}` } });
}

/** The token check, once per token (the session check on load and every login use it). */
export const verifyTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.session.verify(token), queryFn: () => verifyToken(token), staleTime: 5 * 60_000, retry: false });
