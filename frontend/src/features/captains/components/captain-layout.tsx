import { Suspense } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { LoadingScreen } from '@/components/loading-screen';
import { captainSession, useCaptainSession } from '../lib/captain-session';

/** The captains' pages: their own header (the captain's name, Log out), none of the guest's. */
export function CaptainLayout() {
  const session = useCaptainSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const logOut = () => {
    captainSession.clear();
    qc.removeQueries({ queryKey: queryKeys.captains.all });
    navigate('/captains/login', { replace: true });
  };
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="header header--slim">
        <Link to={session ? '/captains/dashboard' : '/captains/login'} className="logo" aria-label="Upcar captains home">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M7 19l3-7h12l3 7v5h-3v-2H10v2H7z" fill="#fff" />
          </svg>
          <span>upcar captains</span>
        </Link>
        {session && (
          <div className="header__account">
            <span className="header__user" data-testid="captain-name">
              {session.user.firstName || session.user.email || 'Captain'}
            </span>
            <button type="button" className="btn btn--outline btn--sm" onClick={logOut}>
              Log out
            </button>
          </div>
        )}
      </header>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
