import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useUnreadMessages } from '@/api/get-unread-messages';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { useLogout } from '../api/logout';

const InvitationCodeDialog = lazy(() => import('./invitation-code-dialog').then((m) => ({ default: m.InvitationCodeDialog })));

/** "3 unread", or nothing when none (or not known yet). */
function UnreadBadge({ count, testId }: { count: number | undefined; testId?: string }) {
  if (!count) return null;
  return (
    <span className="badge" data-testid={testId}>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * Header buttons: Log in / Sign up, or the account menu: the member's trips, messages (with
 * the count of unread ones), favourites, profile, verification, the invitation code and Log out.
 * On the phone the menu is the header's only navigation: `phoneItems` (the page's own places and
 * the view switch) are listed in it there, and hidden in it on wider screens where the header
 * shows them.
 */
export function HeaderAccount({ hostView = false, phoneItems }: { hostView?: boolean; phoneItems?: ReactNode }) {
  const session = useSession();
  const prompt = useAuthPrompt();
  const logout = useLogout();
  const [inviting, setInviting] = useState(false);
  const [open, setOpen] = useState(false);
  const unread = useUnreadMessages(hostView ? 'host' : 'guest');
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  if (!session)
    return (
      <div className="header__account">
        <button type="button" className="btn btn--ghost" onClick={() => prompt.open('login')}>
          Log in
        </button>
        <button type="button" className="btn btn--primary" onClick={() => prompt.open('signup')}>
          Sign up
        </button>
      </div>
    );
  const userId = userIdOf(session.user) ?? '';
  const name = session.user.firstName ?? 'there';
  const count = unread.data;
  return (
    <div className="header__account" ref={box}>
      {/* The host view's navigation has its own Messages. */}
      {!hostView && (
        <Link to="/messages" className="header__messages desktop-only" data-testid="header-messages">
          Messages
          <UnreadBadge count={count} />
        </Link>
      )}
      <button
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        data-testid="account-menu-button"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="account-button__icon" aria-hidden="true">
          <svg viewBox="0 0 20 20" width="18" height="18">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <span className="account-button__name" data-testid="signed-in-as">
          Hi, {name}
        </span>
        <UnreadBadge count={count} testId="unread-count" />
      </button>
      {open && (
        <nav id={menuId} className="account-menu" aria-label="Account" data-testid="account-menu">
          <ul>
            {phoneItems}
            <li>
              <Link to="/bookings">Trips</Link>
            </li>
            <li>
              <Link to="/messages">
                Messages
                <UnreadBadge count={count} />
              </Link>
            </li>
            <li>
              <Link to="/favourites">Favourites</Link>
            </li>
            <li>
              <Link to={`/user-profile/${encodeURIComponent(userId)}`}>Profile</Link>
            </li>
            <li>
              <Link to="/verification/prebook">Verification</Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  setInviting(true);
                }}
              >
                Invite
              </button>
            </li>
            <li>
              <button type="button" onClick={() => logout.mutate()}>
                Log out
              </button>
            </li>
          </ul>
        </nav>
      )}
      {inviting && (
        <Suspense fallback={null}>
          <InvitationCodeDialog userId={userId} onClose={() => setInviting(false)} />
        </Suspense>
      )}
    </div>
  );
}
