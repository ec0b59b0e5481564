import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { useLogout } from '../api/logout';

const InvitationCodeDialog = lazy(() => import('./invitation-code-dialog').then((m) => ({ default: m.InvitationCodeDialog })));

/** Header buttons: Log in / Sign up, or the user's name (a link to their profile), Invite (their invitation code) and Log out. */
export function HeaderAccount() {
  const session = useSession();
  const prompt = useAuthPrompt();
  const logout = useLogout();
  const [inviting, setInviting] = useState(false);
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
  return (
    <div className="header__account">
      {/* The member's own profile: what others see, and their verification (phone). */}
      <Link to={`/user-profile/${encodeURIComponent(userIdOf(session.user) ?? '')}`} className="header__user" data-testid="signed-in-as" title="Your profile">
        Hi, {session.user.firstName ?? 'there'}
      </Link>
      <button type="button" className="btn btn--ghost" onClick={() => setInviting(true)}>
        Invite
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => logout.mutate()}>
        Log out
      </button>
      {inviting && (
        <Suspense fallback={null}>
          <InvitationCodeDialog userId={userIdOf(session.user) ?? ''} onClose={() => setInviting(false)} />
        </Suspense>
      )}
    </div>
  );
}
