import { useCallback, useEffect, useRef, useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { useToast } from '@/components/toast';
import { logRegistration } from '@/lib/activity';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { EMAIL_RE, formatUsPhone, sanitize } from '@/lib/sanitize';
import { env } from '@/config/env';
import { useSignUp } from '../api/sign-up';
import { useValidateInvitationCode } from '../api/validate-invitation-code';
import { useStoreEmail } from '../api/store-email';
import { MISSING_SESSION, useCompleteLogin } from '../api/use-complete-login';

type Props = { onClose: () => void; onSuccess: () => void; onSwitchToLogin: () => void };

/** The spec's texts and times of the sign-up (spec 002 sections 2, 8 and 9). */
export const SIGN_UP = {
  failed: 'Sign up failed. Please try again.',
  unexpected: 'An unexpected error occurred',
  codeInvalid: 'Invalid invitation code',
  codeCheckFailed: 'Failed to validate invitation code. Please try again.',
  /** The modal closes (and the page goes on signed in) 2 s after success. */
  closeAfterMs: 2000,
  /** The success toast shows for 1 s. */
  toastMs: 1000,
  toast: 'Sign up successful!',
} as const;

/** What the invitation code's own check said: valid, or why not. */
type CodeCheck = { code: string; ok: boolean; message: string } | null;

type Form = {
  firstName: string;
  lastName: string;
  email: string;
  professionalEmail: string;
  phone: string;
  password: string;
  terms: boolean;
  promotions: boolean;
  signUpCode: string;
};

/** The messages of spec 002 section 5, in form order. */
export function validateSignUp(f: Form, google = false): Record<string, string> {
  const e: Record<string, string> = {};
  if (!google) {
    if (!f.firstName.trim()) e.firstName = 'First name is required';
    if (!f.lastName.trim()) e.lastName = 'Last name is required';
    if (!f.email.trim()) e.email = 'Email is required';
    else if (!EMAIL_RE.test(f.email.trim())) e.email = 'Please enter a valid email address';
    if (!f.password) e.password = 'Password is required';
    else if (f.password.length < 6) e.password = 'Password must be at least 6 characters';
  }
  if (!f.signUpCode.trim()) e.signUpCode = 'Invitation code is required';
  if (!f.terms) e.terms = 'Please accept the terms and conditions';
  return e;
}

export function SignUpModal({ onClose, onSuccess, onSwitchToLogin }: Props) {
  const referral = new URLSearchParams(location.search).get('referralCode') ?? '';
  const [f, setF] = useState<Form>({ firstName: '', lastName: '', email: '', professionalEmail: '', phone: '', password: '', terms: false, promotions: false, signUpCode: referral });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // The invitation code of a Google sign-up under way (its window writes the session).
  const [googleCode, setGoogleCode] = useState<string | null>(null);
  const session = useSession();
  const signUp = useSignUp();
  const store = useStoreEmail();
  const storeMutate = store.mutate;
  const complete = useCompleteLogin();
  const toast = useToast();
  const validate = useValidateInvitationCode();
  const validateMutate = validate.mutate;
  const [codeCheck, setCodeCheck] = useState<CodeCheck>(null);
  const checking = useRef<string | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }));

  // The invitation code is checked on its own when the field is left (and once when the link
  // filled it in), so a wrong code shows before the whole form is sent; the sign-up decides.
  const checkCode = useCallback(
    (raw: string) => {
      const code = raw.trim();
      if (!code || checking.current === code) return;
      checking.current = code;
      setCodeCheck(null);
      validateMutate(code, {
        onSuccess: (r) => {
          if (checking.current !== code) return;
          setCodeCheck(r.valid ? { code, ok: true, message: r.message || 'Invitation code is valid' } : { code, ok: false, message: r.message || SIGN_UP.codeInvalid });
        },
        onError: (e) => {
          if (checking.current !== code) return;
          // Refused (unknown, used up): the server's reason; no answer or a 5xx: the spec's text.
          const refused = e instanceof ApiError && e.status < 500;
          setCodeCheck({ code, ok: false, message: refused ? errorMessage(e, SIGN_UP.codeInvalid) : SIGN_UP.codeCheckFailed });
          if (!refused) checking.current = null;
        },
      });
    },
    [validateMutate],
  );
  useEffect(() => {
    if (referral) checkCode(referral);
  }, [referral, checkCode]);

  // The email is stored silently 2 s after it looks valid (spec 002 section 4).
  useEffect(() => {
    const email = f.email.trim();
    if (!EMAIL_RE.test(email)) return;
    const t = window.setTimeout(() => storeMutate(sanitize(email, 'email')), 2000);
    return () => window.clearTimeout(t);
  }, [f.email, storeMutate]);

  useEffect(() => {
    if (!done) return;
    toast.show(SIGN_UP.toast, 'success', SIGN_UP.toastMs);
    const t = window.setTimeout(onSuccess, SIGN_UP.closeAfterMs);
    return () => window.clearTimeout(t);
  }, [done, onSuccess, toast]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs = validateSignUp(f);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setError(null);
    try {
      const answer = await signUp.mutateAsync({
        firstName: sanitize(f.firstName, 'string'),
        lastName: sanitize(f.lastName, 'string'),
        email: sanitize(f.email, 'email'),
        professionalEmail: f.professionalEmail ? sanitize(f.professionalEmail, 'email') : '',
        phoneNumber: sanitize(f.phone, 'phone'),
        countryCode: '+1',
        password: f.password,
        promotions_enrollment: f.promotions,
        signUpCode: f.signUpCode.trim(),
        termsAccepted: f.terms,
      });
      await complete(answer);
      // The registration event (spec 002 sections 2 and 4): method email, with the code.
      logRegistration('email', f.signUpCode.trim());
      setDone(true);
    } catch (err) {
      // The server's refusal, or the spec's texts: no session in the answer, or no answer at all.
      if (err instanceof ApiError) setError(errorMessage(err, SIGN_UP.failed));
      else if (err instanceof Error && err.message === MISSING_SESSION) setError(MISSING_SESSION);
      else setError(SIGN_UP.unexpected);
    }
  };

  // Google's window stores the new session (docs/API.md "Google sign-up and sign-in"): the
  // registration is logged with method google and the success path runs as for the form.
  useEffect(() => {
    if (googleCode === null || !session) return;
    logRegistration('google', googleCode);
    setGoogleCode(null);
    setDone(true);
  }, [googleCode, session]);

  const google = () => {
    const errs = validateSignUp(f, true);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setGoogleCode(f.signUpCode.trim());
    window.open(`${env.apiUrl}/v1/users/auth/google?signUpCode=${encodeURIComponent(f.signUpCode.trim())}&termsAccepted=true`, 'google-login', 'width=520,height=640');
  };

  // The invitation code's own check, while the field still holds the code checked.
  const checked = codeCheck && codeCheck.code === f.signUpCode.trim() ? codeCheck : null;
  const codeError = errors.signUpCode ?? (checked && !checked.ok ? checked.message : undefined);
  const codeOk = Boolean(checked?.ok);

  const input = (k: 'firstName' | 'lastName' | 'email' | 'professionalEmail' | 'password', label: string, type = 'text', autoComplete?: string) => (
    <Field id={`su-${k}`} label={label} error={errors[k]}>
      <input id={`su-${k}`} className="input" type={type} autoComplete={autoComplete} value={f[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={Boolean(errors[k])} aria-describedby={errors[k] ? `su-${k}-error` : undefined} />
    </Field>
  );

  return (
    <Modal title="Sign up" onClose={onClose} closeDisabled={signUp.isPending}>
      {done ? (
        <p role="status" className="form__success">
          Welcome to Upcar! Your account is ready.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <div className="form__row">
            {input('firstName', 'First name', 'text', 'given-name')}
            {input('lastName', 'Last name', 'text', 'family-name')}
          </div>
          {input('email', 'Email', 'email', 'email')}
          {input('professionalEmail', 'Professional email (optional)', 'email')}
          <Field id="su-phone" label="Phone number">
            <div className="input-group">
              <span className="input-group__addon" aria-hidden="true">US +1</span>
              <input id="su-phone" className="input" type="tel" autoComplete="tel-national" value={f.phone} onChange={(e) => set('phone', formatUsPhone(e.target.value))} />
            </div>
          </Field>
          {input('password', 'Password', 'password', 'new-password')}
          <Field id="su-signUpCode" label="Invitation code" error={codeError}>
            <input
              id="su-signUpCode"
              className="input"
              type="text"
              value={f.signUpCode}
              onChange={(e) => set('signUpCode', e.target.value)}
              onBlur={(e) => checkCode(e.target.value)}
              aria-invalid={Boolean(codeError)}
              aria-describedby={[codeError && 'su-signUpCode-error', codeOk && 'su-signUpCode-check'].filter(Boolean).join(' ') || undefined}
            />
          </Field>
          {codeOk && (
            <p id="su-signUpCode-check" className="field__hint" role="status" data-testid="code-valid">
              ✓ {checked?.message}
            </p>
          )}
          <div className="field field--check">
            <input id="su-terms" type="checkbox" checked={f.terms} onChange={(e) => set('terms', e.target.checked)} aria-invalid={Boolean(errors.terms)} aria-describedby={errors.terms ? 'su-terms-error' : undefined} />
            <label htmlFor="su-terms">
              I accept the{' '}
              <a href="/terms/conditions" target="_blank" rel="noreferrer">
                terms and conditions
              </a>
            </label>
            {errors.terms && (
              <p id="su-terms-error" className="field__error" role="alert">
                {errors.terms}
              </p>
            )}
          </div>
          <div className="field field--check">
            <input id="su-promotions" type="checkbox" checked={f.promotions} onChange={(e) => set('promotions', e.target.checked)} />
            <label htmlFor="su-promotions">Send me offers and promotions</label>
          </div>
          {error && <p className="form__error" role="alert">{error}</p>}
          <button type="submit" className="btn btn--primary btn--block" disabled={signUp.isPending}>
            {signUp.isPending ? 'Loading...' : 'Sign up'}
          </button>
          <button type="button" className="btn btn--outline btn--block" onClick={google}>
            Sign up with Google
          </button>
          <p className="form__switch">
            Do you have an account?{' '}
            <button type="button" className="link-btn" onClick={onSwitchToLogin}>
              Login Here
            </button>
          </p>
        </form>
      )}
    </Modal>
  );
}
