import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { HeaderAccount } from '@/features/auth/components/header-account';
import { activity, flushActivityOnPageHide } from '@/lib/activity';
import { useAuthPrompt } from '@/lib/auth';

// The login, sign-up and forgot-password modals load the first time one is asked for.
const AuthModals = lazy(() => import('@/features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })));

export function Layout() {
  const { pathname } = useLocation();
  const prompt = useAuthPrompt();
  // The activity log (spec 000 s. 7): a page view per route, sent in batches.
  useEffect(() => {
    activity.track('page_view', 'navigation', { path: pathname });
  }, [pathname]);
  useEffect(() => flushActivityOnPageHide(), []);
  const bare = pathname.startsWith('/search');
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={`header ${bare ? 'header--slim' : ''}`}>
        <Link to="/" className="logo" aria-label="Upcar home">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M7 19l3-7h12l3 7v5h-3v-2H10v2H7z" fill="#fff" />
          </svg>
          <span>upcar</span>
        </Link>
        <nav aria-label="Main" className="header__nav">
          <Link to="/long-term-rental">Long-term</Link>
          <Link to="/host/become-host">List your car</Link>
        </nav>
        <HeaderAccount />
      </header>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      {!bare && (
        <footer className="footer">
          <p>© Upcar. Peer-to-peer car rental for verified professionals.</p>
          <nav aria-label="Footer">
            <Link to="/aboutus">About us</Link> · <Link to="/terms/conditions">Terms</Link> · <Link to="/terms/cancellation">Cancellation policy</Link>
          </nav>
        </footer>
      )}
      {prompt.state.mode && (
        <Suspense fallback={null}>
          <AuthModals />
        </Suspense>
      )}
    </>
  );
}
