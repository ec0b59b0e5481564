import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/toast';
import { AuthPromptProvider } from '@/lib/auth';
import { makeQueryClient } from '@/lib/query-client';
import { ApiError } from '@/lib/api-client';
import { clearSession, getToken, updateSessionUser } from '@/lib/session';
import { verifyTokenQueryOptions } from '@/features/auth/api/verify-token';

/** The stored session is checked once on load; a refused token clears it (spec 000 section 3). */
function SessionCheck() {
  const qc = useQueryClient();
  useEffect(() => {
    // The view preference: anything but "true" or "false" falls back to guest (spec 000 4.5).
    const view = localStorage.getItem('isHostView');
    if (view !== 'true' && view !== 'false') localStorage.setItem('isHostView', 'false');
    const token = getToken();
    if (!token) return;
    qc.fetchQuery(verifyTokenQueryOptions(token))
      .then((r) => r.user && updateSessionUser(r.user))
      .catch((e) => {
        if (e instanceof ApiError && e.status === 401) clearSession();
      });
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
