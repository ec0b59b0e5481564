import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useAuthPrompt, useSession } from '@/lib/auth';
import '../admin.css';

const TABS = [
  { to: '/admin/listings', label: 'Listings to review' },
  { to: '/admin/analytics', label: 'Analytics' },
];

const tabClass = ({ isActive }: { isActive: boolean }) => `tab${isActive ? ' is-active' : ''}`;

function Gate({ title, text, login }: { title: string; text: string; login?: boolean }) {
  const prompt = useAuthPrompt();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} | Upcar`;
  }, [title]);
  return (
    <main id="main" className="page page--narrow" data-testid="admin-gate">
      <h1>{title}</h1>
      <p>{text}</p>
      {login && (
        <p className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
            Log in
          </button>
          <Link to={`/login-static?nextPage=${encodeURIComponent(pathname)}`}>Open the login page</Link>
        </p>
      )}
    </main>
  );
}

/**
 * The team's area (admins): the listing review queue and the analytics. The gateway refuses
 * every call of it to anyone else (403 `admin_only`); the page only says so first.
 */
export function AdminLayout() {
  const session = useSession();
  if (!session) return <Gate title="Log in to continue" text="These pages are for Upcar's team." login />;
  if (session.user.role !== 'admin') return <Gate title="Not available" text="These pages are for Upcar's team. Your account does not have access." />;
  return (
    <div className="admin-area">
      <nav aria-label="Team pages" className="tabs">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} className={tabClass}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
