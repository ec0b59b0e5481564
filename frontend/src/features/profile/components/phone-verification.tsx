import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { formatUsPhone } from '@/lib/sanitize';
import { useSendMobileVerification } from '../api/send-mobile-verification';
import { useVerifyMobileOtp } from '../api/verify-mobile-otp';
import { otpProblem, PHONE_MESSAGES, phoneDigits, RESEND_AFTER_SECONDS, showPhone } from '../lib/phone';

type Step = 'verified' | 'phone' | 'code';

/** Seconds until `until` (ms), ticking every second; 0 once passed. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The own profile's phone verification (spec 002: `sendMobileVerification`, `verifyMobileOTP`;
 * the tiers read `isMobileVerified`): the number on file to confirm or another one, a texted code
 * (a new one after 30 seconds), then verified. Only US numbers (+1).
 */
export function PhoneVerification({ userId, phone, verified }: { userId: string; phone: string | null | undefined; verified: boolean }) {
  const [step, setStep] = useState<Step>(verified ? 'verified' : 'phone');
  const [number, setNumber] = useState(() => showPhone(phone));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useSecondsLeft(resendAt);
  const send = useSendMobileVerification();
  const verify = useVerifyMobileOtp(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  // Each step change moves the focus to what comes next.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    if (step === 'code') codeInput.current?.focus();
    else heading.current?.focus();
  }, [step]);
  const go = (s: Step) => {
    moved.current = true;
    setStep(s);
  };

  const sendCode = (resend: boolean) => {
    setError(null);
    setNote(null);
    const parsed = resend && sentTo ? { digits: sentTo } : phoneDigits(number);
    if ('error' in parsed) return setFieldError(parsed.error);
    setFieldError(null);
    send.mutate(parsed.digits, {
      onSuccess: (r) => {
        setSentTo(parsed.digits);
        setResendAt(Date.now() + RESEND_AFTER_SECONDS * 1000);
        setCode('');
        if (resend) setNote(PHONE_MESSAGES.resent);
        else {
          setNote(r.message || null);
          go('code');
        }
      },
      onError: (e) => setError(errorMessage(e, resend ? PHONE_MESSAGES.resendFailed : PHONE_MESSAGES.sendFailed)),
    });
  };

  const submitCode = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNote(null);
    const problem = otpProblem(code);
    if (problem) return setFieldError(problem);
    setFieldError(null);
    verify.mutate(code, {
      onSuccess: () => go('verified'),
      onError: (err) => setError(errorMessage(err, PHONE_MESSAGES.wrongOtp)),
    });
  };

  const shown = showPhone(sentTo ?? phone);
  return (
    <section className="panel phone-verify" aria-labelledby="phone-verify-title" data-testid="phone-verification" data-step={step}>
      <h3 id="phone-verify-title" ref={heading} tabIndex={-1}>
        Phone number
      </h3>
      {step === 'verified' && (
        <>
          <p role="status" className="form__success" data-testid="phone-verified">
            ✓ {shown ? `${shown} is verified.` : 'Your phone number is verified.'}
          </p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => go('phone')}>
            Use another number
          </button>
        </>
      )}
      {step === 'phone' && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            sendCode(false);
          }}
        >
          <p className="muted">{phone ? 'Confirm the number on your profile, or enter another one: we text it a code.' : 'Enter your mobile number: we text it a code.'}</p>
          <Field id="verify-phone" label="Mobile number (US)" error={fieldError ?? undefined}>
            <div className="input-group">
              <span className="input-group__addon" aria-hidden="true">
                +1
              </span>
              <input
                id="verify-phone"
                className="input"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                value={number}
                onChange={(e) => setNumber(formatUsPhone(e.target.value))}
                aria-invalid={Boolean(fieldError)}
                aria-describedby={fieldError ? 'verify-phone-error' : undefined}
              />
            </div>
          </Field>
          <div className="phone-verify__actions">
            <button type="submit" className="btn btn--primary" disabled={send.isPending || wait > 0}>
              {send.isPending ? 'Sending…' : wait > 0 ? `Send code (in ${wait} s)` : 'Send code'}
            </button>
          </div>
        </form>
      )}
      {step === 'code' && (
        <form className="form" noValidate onSubmit={submitCode}>
          <p>
            We texted a code to <strong>{shown}</strong>.
          </p>
          <Field id="verify-phone-code" label="Code" error={fieldError ?? undefined}>
            <input
              id="verify-phone-code"
              ref={codeInput}
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? 'verify-phone-code-error' : undefined}
            />
          </Field>
          <div className="phone-verify__actions">
            <button type="submit" className="btn btn--primary" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying…' : 'Verify'}
            </button>
            <button type="button" className="btn btn--outline" disabled={wait > 0 || send.isPending} onClick={() => sendCode(true)} data-testid="resend-code">
              {wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setError(null);
                setNote(null);
                setFieldError(null);
                go('phone');
              }}
            >
              Change number
            </button>
          </div>
        </form>
      )}
      {note && (
        <p role="status" className="muted" data-testid="phone-note">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="form__error" data-testid="phone-error">
          {error}
        </p>
      )}
    </section>
  );
}
