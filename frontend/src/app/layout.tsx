import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingScreen } from '@/components/loading-screen';
import { HeaderAccount } from '@/features/auth/components/header-account';
import { activity, flushActivityOnPageHide } from '@/lib/activity';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { setHostView, useHostView } from '@/lib/host-view';
import { onSessionExpired, SESSION_EXPIRED_NOTICE } from '@/lib/session';

// The login, sign-up and forgot-password modals load the first time one is asked for.
const AuthModals = lazy(() => import('@/features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })));

/** Pages of the host's own area: opening one turns the host view on. The landing and the incentives are for anyone. */
const HOST_AREA = /^\/(host\/(?!become-host|incentives)|scheduled(\/|$))/;

// The host view's places and the view switch load for signed-in users only (./host-header).
const HostNav = lazy(() => import('./host-header').then((m) => ({ default: m.HostNav })));
const ViewSwitch = lazy(() => import('./host-header').then((m) => ({ default: m.ViewSwitch })));
const HostMenuItems = lazy(() => import('./host-header').then((m) => ({ default: m.HostMenuItems })));

/**
 * A refused token ends the session (lib/session `expireSession`): the login page, with the page
 * the user was on (path, query and hash) to come back to once logged in. What the ended session
 * had loaded is dropped, so another account never sees it.
 */
function useSessionExpiry() {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const here = useRef(location);
  here.current = location;
  useEffect(
    () =>
      onSessionExpired(() => {
        const { pathname, search, hash } = here.current;
        if (pathname !== '/login-static') void navigate(`/login-static?nextPage=${encodeURIComponent(`${pathname}${search}${hash}`)}`, { state: { notice: SESSION_EXPIRED_NOTICE } });
        // Once the page that showed it is gone.
        setTimeout(() => qc.clear(), 0);
      }),
    [navigate, qc],
  );
}

export function Layout() {
  useSessionExpiry();
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
          <Suspense fallback={<span className="header__nav" />}>
            <HostNav />
          </Suspense>
        ) : (
          <nav aria-label="Main" className="header__nav">
            <Link to="/long-term-rental">Long-term</Link>
            <Link to="/host/become-host">List your car</Link>
            {session?.user.role === 'admin' && <Link to="/admin">Team</Link>}
          </nav>
        )}
        {session && (
          <span className="header__switch desktop-only">
            <Suspense fallback={null}>
              <ViewSwitch hostView={hostView} />
            </Suspense>
          </span>
        )}
        <HeaderAccount
          hostView={hostView}
          phoneItems={
            session && (
              <Suspense fallback={null}>
                {hostView ? (
                  <HostMenuItems />
                ) : (
                  <>
                    <li className="phone-only">
                      <Link to="/long-term-rental">Long-term</Link>
                    </li>
                    <li className="phone-only">
                      <Link to="/host/become-host">List your car</Link>
                    </li>
                  </>
                )}
                <li className="phone-only">
                  <ViewSwitch hostView={hostView} />
                </li>
              </Suspense>
            )
          }
        />
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
