import { useEffect, useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { logRegistration } from '@/lib/activity';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { EMAIL_RE, formatUsPhone, sanitize } from '@/lib/sanitize';
import { env } from '@/config/env';
import { useSignUp } from '../api/sign-up';
import { useStoreEmail } from '../api/store-email';
import { useCompleteLogin } from '../api/use-complete-login';

type Props = { onClose: () => void; onSuccess: () => void; onSwitchToLogin: () => void };

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
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }));

  // The email is stored silently 2 s after it looks valid (spec 002 section 4).
  useEffect(() => {
    const email = f.email.trim();
    if (!EMAIL_RE.test(email)) return;
    const t = window.setTimeout(() => storeMutate(sanitize(email, 'email')), 2000);
    return () => window.clearTimeout(t);
  }, [f.email, storeMutate]);

  useEffect(() => {
    if (!done) return;
    const t = window.setTimeout(onSuccess, 2000);
    return () => window.clearTimeout(t);
  }, [done, onSuccess]);

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
      setError(errorMessage(err, 'Sign up failed. Please try again.'));
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

  const input = (k: 'firstName' | 'lastName' | 'email' | 'professionalEmail' | 'password' | 'signUpCode', label: string, type = 'text', autoComplete?: string) => (
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
          {input('signUpCode', 'Invitation code', 'text')}
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
