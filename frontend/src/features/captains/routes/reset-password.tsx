import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Field } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { sanitize } from '@/lib/sanitize';
import { useCaptainResetPassword } from '../api/reset-password';

type Errors = { email?: string; otp?: string; newPassword?: string };

/** /captains/reset-password: email, the emailed code and a new password; then back to login. */
export default function CaptainResetPasswordRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const reset = useCaptainResetPassword();
  useEffect(() => {
    document.title = 'Reset password | Upcar captains';
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const errs: Errors = {};
    if (!email.trim()) errs.email = 'Email is required.';
    if (!otp.trim()) errs.otp = 'Please enter the code we emailed you.';
    if (!newPassword) errs.newPassword = 'Password is required';
    else if (newPassword.length < 6) errs.newPassword = 'Password must be at least 6 characters';
    setFieldErrors(errs);
    if (Object.keys(errs).length) return;
    const address = sanitize(email, 'email');
    reset.mutate(
      { email: address, otp: otp.trim(), newPassword },
      {
        onSuccess: (r) => navigate('/captains/login', { replace: true, state: { notice: r.message || 'Your password has been changed. Log in with the new one.', email: address } }),
        onError: (err) => setError(errorMessage(err, 'Failed to reset the password. Please try again.')),
      },
    );
  };

  return (
    <main id="main" className="page page--narrow">
      <h1>Set a new password</h1>
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <Field id="captain-rp-email" label="Email" error={fieldErrors.email}>
          <input id="captain-rp-email" className="input" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(fieldErrors.email)} />
        </Field>
        <Field id="captain-rp-otp" label="Code" error={fieldErrors.otp}>
          <input id="captain-rp-otp" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))} aria-invalid={Boolean(fieldErrors.otp)} />
        </Field>
        <Field id="captain-rp-password" label="New password" error={fieldErrors.newPassword}>
          <input id="captain-rp-password" className="input" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} aria-invalid={Boolean(fieldErrors.newPassword)} />
        </Field>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn--primary btn--block" type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set password'}
        </button>
        <Link to="/captains/forgot-password" state={{ email }} className="link">
          Send a new code
        </Link>
        <Link to="/captains/login" className="link">
          Back to login
        </Link>
      </form>
    </main>
  );
}
