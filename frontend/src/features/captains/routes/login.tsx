import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Field } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { sanitize } from '@/lib/sanitize';
import { useCaptainLogin } from '../api/captain-login';
import { useCaptainSession } from '../lib/captain-session';

/** Where to go after login: the captain page that sent here, else the dashboard. */
function nextPage(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/captains/') && !from.startsWith('/captains/login') ? from : '/captains/dashboard';
}

/** /captains/login: email and password (CONTRACT.md: `POST /v1/captains/login`). */
export default function CaptainLoginRoute() {
  const session = useCaptainSession();
  const location = useLocation();
  const notice = (location.state as { notice?: string; email?: string } | null) ?? null;
  const [email, setEmail] = useState(notice?.email ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const login = useCaptainLogin();
  useEffect(() => {
    document.title = 'Captain login | Upcar';
  }, []);

  // Signed in (now or already): on to the page asked for.
  if (session) return <Navigate to={nextPage(location.state)} replace />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: typeof fieldErrors = {};
    if (!email.trim()) errs.email = 'Email is required.';
    if (!password) errs.password = 'Password is required.';
    setFieldErrors(errs);
    setError(null);
    if (errs.email || errs.password) return;
    login.mutate({ email: sanitize(email, 'email'), password }, { onError: (err) => setError(errorMessage(err, 'An unexpected error occurred during login.')) });
  };

  return (
    <main id="main" className="page page--narrow">
      <h1>Captain login</h1>
      {notice?.notice && (
        <p className="form__success" role="status">
          {notice.notice}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <Field id="captain-email" label="Email" error={fieldErrors.email}>
          <input id="captain-email" className="input" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(fieldErrors.email)} />
        </Field>
        <Field id="captain-password" label="Password" error={fieldErrors.password}>
          <input id="captain-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(fieldErrors.password)} />
        </Field>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn--primary btn--block" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log in'}
        </button>
        <Link to="/captains/forgot-password" state={{ email }} className="link">
          Forgot password?
        </Link>
      </form>
    </main>
  );
}
