import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useAuthPrompt, useSession } from '@/lib/auth';
import '../host.css';

const TOP_TABS = [
  { to: '/host/earnings', label: 'Earnings' },
  { to: '/host/performance', label: 'Performance' },
  { to: '/host/reviews', label: 'Reviews' },
];

// Listings stays active on a car's settings, Availability on every availability setting.
const SETTINGS_TABS = [
  { to: '/host/listings', label: 'Listings', area: /^\/host\/(listings|car\/)/ },
  { to: '/host/settings/availability', label: 'Availability', area: /^\/host\/settings\// },
];

const tabClass = ({ isActive }: { isActive: boolean }) => `tab${isActive ? ' is-active' : ''}`;

/** Signed out: the page asks for a login (the modal, or the login page with the way back). */
function LoginFirst() {
  const prompt = useAuthPrompt();
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(`${pathname}${search}`);
  useEffect(() => {
    document.title = 'Log in | Upcar';
  }, []);
  return (
    <main id="main" className="page page--narrow">
      <h1>Log in to continue</h1>
      <p>The host pages are for signed-in hosts.</p>
      <p className="host-actions">
        <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
          Log in
        </button>
        <Link to={`/login-static?nextPage=${next}`}>Open the login page</Link>
      </p>
    </main>
  );
}

/** Every host page of the two tab rows, in the phone menu's order; the one of `pathname` first found. */
const PLACES = [...SETTINGS_TABS, ...TOP_TABS.map((t) => ({ ...t, area: new RegExp(`^${t.to}`) }))];

/**
 * On a phone the two tab rows are one menu button naming the current page; its list holds the
 * five places. A car's own pages leave it out: they have their own sections and the way back.
 */
function HostMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const current = PLACES.find((p) => p.area.test(pathname));
  return (
    <nav aria-label="Host pages" className="host-menu phone-only">
      <button type="button" className="btn btn--ghost host-menu__button" aria-expanded={open} aria-controls="host-menu-list" onClick={() => setOpen((o) => !o)}>
        {current?.label ?? 'Host pages'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id="host-menu-list" className="host-menu__list">
          {PLACES.map((p) => (
            <li key={p.to}>
              <Link to={p.to} aria-current={p === current ? 'page' : undefined} onClick={() => setOpen(false)}>
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/**
 * The host area (spec 001 section 2, host navigation): the top tabs Earnings, Performance and
 * Reviews, the Upper Settings tabs Listings and Availability, and the page below; on a phone one
 * menu in their place. Signed in only.
 */
export function HostLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return <LoginFirst />;
  return (
    <div className="host-area">
      {!pathname.startsWith('/host/car/') && <HostMenu key={pathname} pathname={pathname} />}
      <div className="host-area__bar desktop-only">
        <nav aria-label="Host business" className="tabs">
          {TOP_TABS.map((t) => (
            <NavLink key={t.to} to={t.to} className={tabClass}>
              {t.label}
            </NavLink>
          ))}
        </nav>
        <nav aria-label="Upper Settings" className="tabs">
          {SETTINGS_TABS.map((t) => (
            <Link key={t.to} to={t.to} className={tabClass({ isActive: t.area.test(pathname) })} aria-current={t.area.test(pathname) ? 'page' : undefined}>
              {t.label}
            </Link>
          ))}
        </nav>
      </div>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/**
 * The sidebar of the availability settings: 'Pickup & return hours' is active on the weekly
 * hours and on the blocked dates, and says the settings apply across all vehicles.
 */
export function AvailabilitySidebar() {
  const { pathname } = useLocation();
  const active = pathname === '/host/settings/availability' || pathname === '/host/settings/block-availability';
  return (
    <aside className="host-sidebar" aria-label="Availability settings">
      <Link to="/host/settings/availability" className={`host-sidebar__item${active ? ' is-active' : ''}`} aria-current={active ? 'page' : undefined}>
        Pickup &amp; return hours
      </Link>
      <p className="muted host-sidebar__note">These settings apply across all vehicles.</p>
      <ul className="host-sidebar__sub">
        <li>
          <NavLink to="/host/settings/availability" end>
            Weekly hours
          </NavLink>
        </li>
        <li>
          <NavLink to="/host/settings/block-availability">Blocked dates</NavLink>
        </li>
      </ul>
    </aside>
  );
}

