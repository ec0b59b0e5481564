import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/toast';
import { AuthPromptProvider } from '@/lib/auth';
import { makeQueryClient } from '@/lib/query-client';
import { ApiError } from '@/lib/api-client';
import { expireSession, getToken, storedToken, updateSessionUser } from '@/lib/session';
import { ensureFreshToken, startSessionRefresh } from '@/lib/session-refresh';
import { verifyTokenQueryOptions } from '@/features/auth/api/verify-token';

/**
 * The stored session is refreshed when its token is in the refresh window, then checked once on
 * load; a refused token ends it (spec 000 section 3): the layout takes the user to log in again.
 * From then on the token is refreshed when its window opens (lib/session-refresh).
 */
function SessionCheck() {
  const qc = useQueryClient();
  useEffect(() => {
    // The view preference: anything but "true" or "false" falls back to guest (spec 000 4.5).
    const view = localStorage.getItem('isHostView');
    if (view !== 'true' && view !== 'false') localStorage.setItem('isHostView', 'false');
    const stop = startSessionRefresh();
    let live = true;
    void ensureFreshToken().then(async () => {
      const token = getToken();
      if (!token || !live) return;
      try {
        const r = await qc.fetchQuery(verifyTokenQueryOptions(token));
        if (r.user) updateSessionUser(r.user);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401 && storedToken() === token) expireSession();
      }
    });
    return () => {
      live = false;
      stop();
    };
  }, [qc]);
  return null;
}

export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [qc] = useState(() => client ?? makeQueryClient());
  return (
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <AuthPromptProvider>
          <SessionCheck />
          {children}
        </AuthPromptProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
