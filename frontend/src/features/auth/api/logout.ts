import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export function logout(): Promise<Answer<'/v1/logout', 'get'>> {
  return api.get('/logout');
}

/** Logout clears the local session even when the server call fails (spec 002 section 4). */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      qc.clear();
    },
  });
}
