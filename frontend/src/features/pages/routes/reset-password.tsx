import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field } from '@/components/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { sanitize } from '@/lib/sanitize';
import { useSendResetCode } from '../api/send-reset-code';
import { useUpdatePasswordWithOtp } from '../api/update-password';
import { useTitle } from '../lib/use-title';
import '../pages.css';

/** A new code can be asked 30 s after the last one (spec 002 section 9; the server answers 429 before). */
export const RESEND_AFTER_SECONDS = 30;
const MIN_PASSWORD = 6;

/** The spec's texts (spec 000 section 8, spec 002 sections 5 and 8). */
export const RESET_MESSAGES = {
  sendFailed: 'Failed to send OTP. Please try again.',
  resent: 'Otp resend successfully!',
  resendFailed: 'Failed to resend OTP. Please try again.',
  invalidOtp: 'Please enter a valid OTP.',
  resetFailed: 'Failed to reset password',
  passwordRequired: 'Password is required',
  passwordShort: `Password must be at least ${MIN_PASSWORD} characters`,
  mismatch: 'Passwords do not match.',
  done: 'Password updated successfully',
} as const;

type Step = 'email' | 'code' | 'password' | 'done';

const TITLES: Record<Step, string> = { email: 'Your email', code: 'Enter the code', password: 'Choose a new password', done: 'Password changed' };

/** Seconds left before a new code may be asked, ticking every second. */
function useCountdown(from: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (from === null) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [from]);
  if (from === null) return 0;
  return Math.max(0, Math.ceil((from + RESEND_AFTER_SECONDS * 1000 - now) / 1000));
}

/**
 * /reset-password ("Forgot password?"): the email, then the emailed code, then a new password
 * (`users/resetPasswordWithOTP`, then `users/login/updatePasswordWithOTP`); on success a link to
 * log in. The code is checked by the server with the new password, so a wrong code comes back
 * to the code step with the server's message.
 */
export default function ResetPasswordRoute() {
  useTitle('Reset password');
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<{ otp?: string; password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [doneMessage, setDoneMessage] = useState('');
  const wait = useCountdown(sentAt);
  const send = useSendResetCode();
  const update = useUpdatePasswordWithOtp();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Each new step is announced by moving focus to its heading (not on arrival).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    setError(null);
    setFieldError({});
    setStep(next);
  };

  const sendCode = (resend: boolean) => {
    setError(null);
    setNotice(null);
    send.mutate(sanitize(email, 'email'), {
      onSuccess: () => {
        setSentAt(Date.now());
        if (resend) setNotice(RESET_MESSAGES.resent);
        else go('code');
      },
      onError: (err) => setError(errorMessage(err, resend ? RESET_MESSAGES.resendFailed : RESET_MESSAGES.sendFailed)),
    });
  };

  const submitCode = (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{4,6}$/.test(otp)) return setFieldError({ otp: RESET_MESSAGES.invalidOtp });
    setNotice(null);
    go('password');
  };

  const submitPassword = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: typeof fieldError = {};
    if (!password) errs.password = RESET_MESSAGES.passwordRequired;
    else if (password.length < MIN_PASSWORD) errs.password = RESET_MESSAGES.passwordShort;
    if (!errs.password && confirm !== password) errs.confirm = RESET_MESSAGES.mismatch;
    setFieldError(errs);
    if (Object.keys(errs).length) return;
    setError(null);
    update.mutate(
      { email: sanitize(email, 'email'), otp, newPassword: password },
      {
        onSuccess: (r) => {
          setDoneMessage(r.message || RESET_MESSAGES.done);
          go('done');
        },
        onError: (err) => {
          const message = errorMessage(err, RESET_MESSAGES.resetFailed);
          // A wrong, expired or spent code is fixed on the code step.
          if (err instanceof ApiError && err.code.startsWith('otp_')) {
            go('code');
            setFieldError({ otp: message });
          } else setError(message);
        },
      },
    );
  };

  const alert = error && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );

  return (
    <main id="main" className="page page--narrow">
      <h1>Reset your password</h1>
      <ol className="pg-steps-bar" aria-label="Steps">
        {(['email', 'code', 'password'] as const).map((s, i) => (
          <li key={s} aria-current={step === s ? 'step' : undefined} className={step === s ? 'is-current' : ''}>
            {i + 1}. {TITLES[s]}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1} className="pg-reset__heading">
        {TITLES[step]}
      </h2>

      {step === 'email' && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            sendCode(false);
          }}
        >
          <p>We&apos;ll email you a code to set a new password.</p>
          <Field id="reset-email" label="Email">
            <input id="reset-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          {alert}
          <button className="btn btn--primary btn--block" type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send code'}
          </button>
        </form>
      )}

      {step === 'code' && (
        <form className="form" noValidate onSubmit={submitCode}>
          <p>
            We emailed a code to <strong>{sanitize(email, 'email')}</strong>. It expires in 10 minutes.
          </p>
          <Field id="reset-otp" label="Code" error={fieldError.otp}>
            <input
              id="reset-otp"
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              aria-invalid={Boolean(fieldError.otp)}
              aria-describedby={fieldError.otp ? 'reset-otp-error' : undefined}
            />
          </Field>
          {alert}
          {notice && (
            <p className="form__success" role="status">
              {notice}
            </p>
          )}
          <button className="btn btn--primary btn--block" type="submit">
            Continue
          </button>
          <div className="pg-reset__links">
            <button type="button" className="link-btn" disabled={wait > 0 || send.isPending} onClick={() => sendCode(true)} data-testid="resend">
              {wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}
            </button>
            <button type="button" className="link-btn" onClick={() => go('email')}>
              Use another email
            </button>
          </div>
        </form>
      )}

      {step === 'password' && (
        <form className="form" noValidate onSubmit={submitPassword}>
          <Field id="reset-password" label="New password" error={fieldError.password} hint={`At least ${MIN_PASSWORD} characters.`}>
            <input
              id="reset-password"
              className="input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={Boolean(fieldError.password)}
              aria-describedby={fieldError.password ? 'reset-password-error' : undefined}
            />
          </Field>
          <Field id="reset-confirm" label="Confirm new password" error={fieldError.confirm}>
            <input
              id="reset-confirm"
              className="input"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              aria-invalid={Boolean(fieldError.confirm)}
              aria-describedby={fieldError.confirm ? 'reset-confirm-error' : undefined}
            />
          </Field>
          {alert}
          <button className="btn btn--primary btn--block" type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Reset password'}
          </button>
          <button type="button" className="link-btn" onClick={() => go('code')}>
            Back to the code
          </button>
        </form>
      )}

      {step === 'done' && (
        <div className="form">
          <p className="form__success" role="status" data-testid="reset-done">
            {doneMessage}
          </p>
          <Link to="/login-static" className="btn btn--primary btn--block">
            Log in
          </Link>
        </div>
      )}
    </main>
  );
}
