import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { useCaptainSession } from '../lib/captain-session';

/**
 * The dashboard and task pages need a captain session. Without one (never signed in, logged
 * out, or cleared by a 401 of any captain call) the app goes to /captains/login, which returns
 * here after login.
 */
export function CaptainGate() {
  const session = useCaptainSession();
  const location = useLocation();
  const qc = useQueryClient();
  useEffect(() => {
    if (!session) qc.removeQueries({ queryKey: queryKeys.captains.all });
  }, [session, qc]);
  if (!session) return <Navigate to="/captains/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
