import { useEffect, useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { useToast } from '@/components/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { sanitize } from '@/lib/sanitize';
import { useRequestLoginOtp } from '../api/request-login-otp';
import { useLoginOtp } from '@/api/login-otp';
import { useCompleteLogin } from '../api/use-complete-login';

/**
 * Forgot password (spec 000 section 4.4): email, then the emailed code, then a login. On
 * success the session is stored, a notice shows and the dialog closes after 2 s.
 */
export function ForgotPasswordDialog({ onClose, onSuccess }: { onClose: () => void; onSuccess: () => void }) {
  const [step, setStep] = useState<'email' | 'otp' | 'done'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useRequestLoginOtp();
  const verify = useLoginOtp();
  const complete = useCompleteLogin();
  const toast = useToast();

  useEffect(() => {
    if (step !== 'done') return;
    const t = window.setTimeout(onSuccess, 2000);
    return () => window.clearTimeout(t);
  }, [step, onSuccess]);

  const sendCode = async (resend = false) => {
    setError(null);
    try {
      const r = await send.mutateAsync(sanitize(email, 'email'));
      setUserId(r.data?.userId ?? r.userId ?? '');
      setStep('otp');
      if (resend) toast.show('Otp resend successfully!', 'success');
    } catch (e) {
      setError(errorMessage(e, 'Failed to send OTP. Please try again.'));
    }
  };

  const submitOtp = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await verify.mutateAsync({ userId, otp, otpType: 'email' });
      if (!r.access_token) return setError(r.message || 'Invalid OTP.');
      try {
        await complete(r);
      } catch {
        return setError('Failed to verify OTP. Please try again.');
      }
      toast.show('OTP Verified! Logging you in...', 'success');
      setStep('done');
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? err.message || 'Invalid OTP.' : 'Failed to verify OTP. Please try again.');
    }
  };

  return (
    <Modal title="Forgot password" onClose={onClose} closeDisabled={send.isPending || verify.isPending}>
      {step === 'email' && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
        >
          <Field id="fp-email" label="Email">
            <input id="fp-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          {error && <p className="form__error" role="alert">{error}</p>}
          <button className="btn btn--primary btn--block" type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send code'}
          </button>
        </form>
      )}
      {step === 'otp' && (
        <form className="form" onSubmit={submitOtp}>
          <p>Enter the code we emailed to {email}.</p>
          <Field id="fp-otp" label="Code">
            <input id="fp-otp" className="input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.target.value)} />
          </Field>
          {error && <p className="form__error" role="alert">{error}</p>}
          <button className="btn btn--primary btn--block" type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify'}
          </button>
          <button className="link-btn" type="button" onClick={() => void sendCode(true)} disabled={send.isPending}>
            Resend code
          </button>
        </form>
      )}
      {step === 'done' && <p role="status">OTP Verified! Logging you in...</p>}
    </Modal>
  );
}
