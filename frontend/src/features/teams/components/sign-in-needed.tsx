import { Link, useLocation } from 'react-router';
import { useAuthPrompt } from '@/lib/auth';

/** What a signed-out visitor sees on a teams page: log in here (the page goes on by itself) or on the login page. */
export function SignInNeeded({ title, children }: { title: string; children?: React.ReactNode }) {
  const prompt = useAuthPrompt();
  const { pathname, search } = useLocation();
  return (
    <section className="panel teams-signin" aria-labelledby="teams-signin-title">
      <h2 id="teams-signin-title">{title}</h2>
      {children ?? <p>Log in to see and manage your co-host teams.</p>}
      <div className="teams-actions">
        <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
          Log in
        </button>
        <Link className="btn btn--outline" to={`/login-static?nextPage=${encodeURIComponent(pathname + search)}`}>
          Log in on its own page
        </Link>
      </div>
    </section>
  );
}
