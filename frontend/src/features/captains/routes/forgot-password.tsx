import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Field } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { EMAIL_RE, sanitize } from '@/lib/sanitize';
import { useCaptainForgotPassword } from '../api/forgot-password';

/** /captains/forgot-password: the captain's email; a code is emailed, then the reset page. */
export default function CaptainForgotPasswordRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const send = useCaptainForgotPassword();
  useEffect(() => {
    document.title = 'Forgot password | Upcar captains';
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const value = sanitize(email, 'email');
    if (!value) return setFieldError('Email is required.');
    if (!EMAIL_RE.test(value)) return setFieldError('Please enter a valid email address');
    setFieldError(undefined);
    send.mutate(value, {
      onSuccess: (r) => navigate(`/captains/reset-password?email=${encodeURIComponent(value)}`, { state: { notice: r.message || r.data?.message || 'We emailed you a code.' } }),
      onError: (err) => setError(errorMessage(err, 'Failed to send the code. Please try again.')),
    });
  };

  return (
    <main id="main" className="page page--narrow">
      <h1>Forgot password</h1>
      <p>Enter your captain account's email and we will send you a code to set a new password.</p>
      <form className="form" onSubmit={submit} noValidate>
        <Field id="captain-fp-email" label="Email" error={fieldError}>
          <input id="captain-fp-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(fieldError)} />
        </Field>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn--primary btn--block" type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send code'}
        </button>
        <Link to="/captains/reset-password" className="link">
          I already have a code
        </Link>
        <Link to="/captains/login" className="link">
          Back to login
        </Link>
      </form>
    </main>
  );
}
