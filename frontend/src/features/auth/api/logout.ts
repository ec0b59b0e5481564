import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast';
import { ApiError, createApiClient } from '@/lib/api-client';
import { clearSession, getToken } from '@/lib/session';

// Logging out sends the session's token as it is (no refresh first), and a refusal of it does
// not end the session the usual way (to the login page): the user is leaving anyway.
const leaving = createApiClient({ token: getToken, onRefused: () => {} });

/** `GET /logout`: the server revokes the token. */
export function logout() {
  return leaving.get('/v1/logout');
}

/** "Failed to log out. Status: ..." (spec 002 section 8): the answer's status, or that none came. */
export function logoutFailure(err: unknown): string {
  return `Failed to log out. Status: ${err instanceof ApiError ? err.status : 'no response'}`;
}

/** Logout clears the local session even when the server call fails (spec 002 section 4), and then says so. */
export function useLogout() {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: logout,
    onError: (e) => toast.show(logoutFailure(e), 'error'),
    onSettled: () => {
      clearSession();
      qc.clear();
    },
  });
}
