import { useState } from 'react';
import { Field } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { useSendEmailVerification } from '@/api/send-email-verification';
import { useVerifyEmailCode } from '../api/verification';

/** Email verification: send a code, enter it, verified (spec 002 section 4). */
export function EmailVerificationBox({ email, firstName, userId, onVerified }: { email: string; firstName: string; userId: string; onVerified: () => void }) {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendCode = useSendEmailVerification();
  const verifyCode = useVerifyEmailCode(userId);
  const busy = sendCode.isPending || verifyCode.isPending;
  const send = async () => {
    setError(null);
    if (!userId || !firstName) return setError('User ID or First Name is missing');
    try {
      await sendCode.mutateAsync({ email, firstName, userId });
      setSent(true);
    } catch (e) {
      setError(errorMessage(e, 'Failed to send verification email.'));
    }
  };
  const verify = async (e: React.FormEvent) => {
    e.preventDefault();
    if (code.trim().length < 4) return setError('Please enter the full OTP.');
    try {
      await verifyCode.mutateAsync(code.trim());
      onVerified();
    } catch {
      setError('Invalid OTP. Please try again.');
    }
  };
  return (
    <section className="panel" aria-labelledby="email-verify-title">
      <h2 id="email-verify-title">Verify your email</h2>
      <form className="form" onSubmit={verify} noValidate>
        <Field id="verify-email" label="Email">
          <input id="verify-email" className="input" value={email} disabled readOnly />
        </Field>
        {sent && <p role="status">We sent a code to {email}.</p>}
        {!sent ? (
          <button type="button" className="btn btn--outline" onClick={() => void send()} disabled={busy}>
            Send code
          </button>
        ) : (
          <>
            <Field id="verify-code" label="Code">
              <input id="verify-code" className="input" inputMode="numeric" maxLength={10} value={code} onChange={(e) => setCode(e.target.value)} />
            </Field>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Verify
            </button>
          </>
        )}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
