import { NavLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { hostStatusQueryOptions } from '@/api/get-host-status';
import { useSession } from '@/lib/auth';
import { setHostView } from '@/lib/host-view';
import { userIdOf } from '@/lib/session';

/** The host view's places (spec 001 section 2, host navigation). */
const HOST_PLACES = [
  { to: '/host/listings', label: 'Listings' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/messages', label: 'Messages' },
  { to: '/host/teams', label: 'Teams' },
  { to: '/host/earnings', label: 'Earnings' },
];

/** Switches between the guest's and the host's view: a user who has no listing yet goes to the host landing. */
export function ViewSwitch({ hostView }: { hostView: boolean }) {
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

/** The host view's header navigation. */
export function HostNav() {
  return (
    <nav aria-label="Hosting" className="header__nav" data-testid="host-nav">
      {HOST_PLACES.map((p) => (
        <NavLink key={p.to} to={p.to}>
          {p.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The host view's places as items of the phone's account menu (the header hides its navigation there). */
export function HostMenuItems() {
  return (
    <>
      {HOST_PLACES.map((p) => (
        <li key={p.to} className="phone-only">
          <NavLink to={p.to}>{p.label}</NavLink>
        </li>
      ))}
    </>
  );
}
