import { useAuthPrompt, useSession } from '@/lib/auth';
import { useLogout } from '../api/logout';

/** Header buttons: Log in / Sign up, or the user's name and Log out. */
export function HeaderAccount() {
  const session = useSession();
  const prompt = useAuthPrompt();
  const logout = useLogout();
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
      <span className="header__user" data-testid="signed-in-as">
        Hi, {session.user.firstName ?? 'there'}
      </span>
      <button type="button" className="btn btn--ghost" onClick={() => logout.mutate()}>
        Log out
      </button>
    </div>
  );
}
