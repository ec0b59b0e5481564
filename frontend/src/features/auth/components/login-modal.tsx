import { useEffect, useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-client';
import { formatUsPhone, sanitize } from '@/lib/sanitize';
import { env } from '@/config/env';
import { useLogin } from '../api/login';
import { useLoginPhone } from '../api/login-phone';
import { useLoginOtp } from '@/api/login-otp';
import { useCompleteLogin } from '../api/use-complete-login';
import { useExpiringError } from './use-expiring-error';

type Props = {
  onClose: () => void;
  onSuccess: () => void;
  onSwitchToSignUp: () => void;
  onForgot: () => void;
  /** Why the login is asked (the session expired). */
  notice?: string;
};

const RESEND_SECONDS = 30;

/** Login: email and password, phone with a one-time code, or Google (spec 002 section 2). */
export function LoginModal({ onClose, onSuccess, onSwitchToSignUp, onForgot, notice }: Props) {
  const [mode, setMode] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useExpiringError();
  const [busy, setBusy] = useState(false);
  const login = useLogin();
  const loginPhone = useLoginPhone();
  const loginOtp = useLoginOtp();
  const complete = useCompleteLogin();

  useEffect(() => {
    if (resendIn <= 0) return;
    const t = window.setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => window.clearTimeout(t);
  }, [resendIn]);

  const finish = async (run: () => Promise<Parameters<typeof complete>[0]>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await run();
      try {
        await complete(answer);
      } catch (e) {
        setError(errorMessage(e, 'Token verification failed. Please try again.'));
        return;
      }
      onSuccess();
    } catch (e) {
      setError(errorMessage(e, 'An unexpected error occurred during login.'));
    } finally {
      setBusy(false);
    }
  };

  const submitEmail = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!email.trim()) errs.email = 'Email is required.';
    if (!password) errs.password = 'Password is required.';
    setFieldErrors(errs);
    if (Object.keys(errs).length) return;
    void finish(() => login.mutateAsync({ email: sanitize(email, 'email'), password }));
  };

  const sendCode = async () => {
    const digits = sanitize(phone, 'phone');
    if (!digits) return setFieldErrors({ phone: 'Phone number is required for OTP login.' });
    if (digits.length !== 10) return setFieldErrors({ phone: 'Invalid Phone number. Please enter a valid 10-digit number.' });
    setFieldErrors({});
    setBusy(true);
    try {
      const r = await loginPhone.mutateAsync(digits);
      const id = r.userId ?? r.data?.userId;
      if (!id) throw new Error('Login with phone failed.');
      setUserId(id);
      setResendIn(RESEND_SECONDS);
    } catch (e) {
      setError(errorMessage(e, 'Failed to log in with phone.'));
    } finally {
      setBusy(false);
    }
  };

  const submitOtp = (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{4,6}$/.test(otp)) return setFieldErrors({ otp: 'Please enter a valid OTP.' });
    setFieldErrors({});
    void finish(() => loginOtp.mutateAsync({ userId: userId!, otp, otpType: 'phone' }));
  };

  const google = () => {
    window.open(`${env.apiUrl}/v1/users/auth/google?nextPage=${encodeURIComponent(location.pathname + location.search)}`, 'google-login', 'width=520,height=640');
  };

  return (
    <Modal title="Log in" onClose={onClose} closeDisabled={busy}>
      {notice && (
        <p className="form__notice" role="status" data-testid="login-notice">
          {notice}
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Login method">
        <button type="button" role="tab" aria-selected={mode === 'email'} className={`tab ${mode === 'email' ? 'is-active' : ''}`} onClick={() => setMode('email')}>
          Email
        </button>
        <button type="button" role="tab" aria-selected={mode === 'phone'} className={`tab ${mode === 'phone' ? 'is-active' : ''}`} onClick={() => setMode('phone')}>
          Phone
        </button>
      </div>
      {mode === 'email' ? (
        <form onSubmit={submitEmail} noValidate className="form">
          <Field id="login-email" label="Email" error={fieldErrors.email}>
            <input id="login-email" type="email" className="input" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(fieldErrors.email)} aria-describedby={fieldErrors.email ? 'login-email-error' : undefined} />
          </Field>
          <Field id="login-password" label="Password" error={fieldErrors.password}>
            <input id="login-password" type="password" className="input" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(fieldErrors.password)} aria-describedby={fieldErrors.password ? 'login-password-error' : undefined} />
          </Field>
          <button type="button" className="link-btn" onClick={onForgot}>
            Forgot password?
          </button>
          {error && <p className="form__error" role="alert">{error}</p>}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Loading...' : 'Log in'}
          </button>
        </form>
      ) : !userId ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
          noValidate
          className="form"
        >
          <Field id="login-phone" label="Phone number" error={fieldErrors.phone}>
            <div className="input-group">
              <span className="input-group__addon" aria-hidden="true">+1</span>
              <input id="login-phone" type="tel" inputMode="numeric" className="input" autoComplete="tel-national" placeholder="(555) 123-4567" value={phone} onChange={(e) => setPhone(formatUsPhone(e.target.value))} aria-invalid={Boolean(fieldErrors.phone)} aria-describedby={fieldErrors.phone ? 'login-phone-error' : undefined} />
            </div>
          </Field>
          {error && <p className="form__error" role="alert">{error}</p>}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Loading...' : 'Send code'}
          </button>
        </form>
      ) : (
        <form onSubmit={submitOtp} noValidate className="form">
          <p>We sent a code to {phone}.</p>
          <Field id="login-otp" label="One-time code" error={fieldErrors.otp}>
            <input id="login-otp" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))} aria-invalid={Boolean(fieldErrors.otp)} aria-describedby={fieldErrors.otp ? 'login-otp-error' : undefined} />
          </Field>
          {error && <p className="form__error" role="alert">{error}</p>}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Loading...' : 'Verify'}
          </button>
          <button type="button" className="link-btn" disabled={resendIn > 0 || busy} onClick={() => void sendCode()}>
            {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
          </button>
        </form>
      )}
      <div className="form__divider">or</div>
      <button type="button" className="btn btn--outline btn--block" onClick={google}>
        Continue with Google
      </button>
      <p className="form__switch">
        No account yet?{' '}
        <button type="button" className="link-btn" onClick={onSwitchToSignUp}>
          Sign up
        </button>
      </p>
    </Modal>
  );
}
