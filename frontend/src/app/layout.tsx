import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { hostStatusQueryOptions } from '@/api/get-host-status';
import { LoadingScreen } from '@/components/loading-screen';
import { HeaderAccount } from '@/features/auth/components/header-account';
import { activity, flushActivityOnPageHide } from '@/lib/activity';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { setHostView, useHostView } from '@/lib/host-view';
import { userIdOf } from '@/lib/session';

// The login, sign-up and forgot-password modals load the first time one is asked for.
const AuthModals = lazy(() => import('@/features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })));

/** Pages of the host's own area: opening one turns the host view on. The landing and the incentives are for anyone. */
const HOST_AREA = /^\/(host\/(?!become-host|incentives)|scheduled(\/|$))/;

/** The host view's places (spec 001 section 2, host navigation). */
const HOST_PLACES = [
  { to: '/host/listings', label: 'Listings' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/messages', label: 'Messages' },
  { to: '/host/teams', label: 'Teams' },
  { to: '/host/earnings', label: 'Earnings' },
];

/** Switches between the guest's and the host's view: a user who has no listing yet goes to the host landing. */
function ViewSwitch({ hostView }: { hostView: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const userId = userIdOf(session?.user) ?? '';
  if (!session) return null;
  if (hostView)
    return (
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => {
          setHostView(false);
          navigate('/');
        }}
      >
        Switch to traveling
      </button>
    );
  // The host status is asked when the button is pressed (cached for a minute), not on every page.
  const toHosting = async () => {
    const status = await qc.fetchQuery(hostStatusQueryOptions(userId)).catch(() => null);
    if (status && status.hostStatus !== 'none') {
      setHostView(true);
      navigate('/bookings');
    } else navigate('/host/become-host');
  };
  return (
    <button type="button" className="btn btn--ghost" data-testid="switch-to-hosting" onClick={() => void toHosting()}>
      Switch to hosting
    </button>
  );
}

export function Layout() {
  const { pathname } = useLocation();
  const prompt = useAuthPrompt();
  const session = useSession();
  const hostView = useHostView() && Boolean(session);
  // Home is the guest's (spec 000 sections 4.5, 6); the host's own pages turn the host view on.
  useEffect(() => {
    if (pathname === '/') setHostView(false);
    else if (session && HOST_AREA.test(pathname)) setHostView(true);
  }, [pathname, session]);
  // The activity log (spec 000 s. 7): a page view per route, sent in batches.
  useEffect(() => {
    activity.track('page_view', 'navigation', { path: pathname });
  }, [pathname]);
  useEffect(() => flushActivityOnPageHide(), []);
  // A member's sign-up link (`?referralCode=`) opens sign-up with the code filled in (spec 002 section 2).
  const { search } = useLocation();
  const openPrompt = prompt.open;
  const invited = !session && new URLSearchParams(search).has('referralCode');
  useEffect(() => {
    if (invited) openPrompt('signup');
  }, [invited, openPrompt]);
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
        {hostView ? (
          <nav aria-label="Hosting" className="header__nav" data-testid="host-nav">
            {HOST_PLACES.map((p) => (
              <NavLink key={p.to} to={p.to}>
                {p.label}
              </NavLink>
            ))}
          </nav>
        ) : (
          <nav aria-label="Main" className="header__nav">
            <Link to="/long-term-rental">Long-term</Link>
            <Link to="/host/become-host">List your car</Link>
          </nav>
        )}
        <ViewSwitch hostView={hostView} />
        <HeaderAccount />
      </header>
      <Suspense fallback={<LoadingScreen />}>
        {/* A host-view user on the search page goes to the host's landing (spec 000 section 6). */}
        {hostView && pathname === '/search' ? <Navigate to="/bookings" replace /> : <Outlet />}
      </Suspense>
      {!bare && (
        <footer className="footer">
          <p>© Upcar. Peer-to-peer car rental for verified professionals.</p>
          <nav aria-label="Footer">
            <Link to="/aboutus">About us</Link> · <Link to="/terms/conditions">Terms</Link> · <Link to="/terms/cancellation">Cancellation policy</Link> · <Link to="/help">Help</Link> · <Link to="/giveaway">Giveaway</Link>
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
