import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/field';
import { useSession } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { EMAIL_RE, sanitize } from '@/lib/sanitize';
import { useStorePotentialUser } from '@/api/store-potential-user';
import { FIRST_TRIP_OFFER, MINIMUM_AGE } from '../lib/policy';
import { useTitle } from '../lib/use-title';
import '../pages.css';

/** The email-capture messages of spec 000 section 5. */
export const ENROLL_MESSAGES = {
  empty: 'Please enter your email address',
  invalid: 'Please enter a valid email address',
  failed: 'Something went wrong. Please try again.',
} as const;

function EnrollForm() {
  const session = useSession();
  const [email, setEmail] = useState(session?.user.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const enroll = useStorePotentialUser();

  if (done !== null)
    return (
      <div className="pg-notice pg-notice--ok" role="status" data-testid="enroll-success">
        <h3>You&apos;re enrolled</h3>
        <p>{done}</p>
      </div>
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const address = sanitize(email, 'email');
    if (!address) return setError(ENROLL_MESSAGES.empty);
    if (!EMAIL_RE.test(address)) return setError(ENROLL_MESSAGES.invalid);
    setError(null);
    enroll.mutate(address, {
      onSuccess: (r) => setDone(r.message || `${FIRST_TRIP_OFFER}: your offer is on its way.`),
      onError: (err) => setError(errorMessage(err, ENROLL_MESSAGES.failed)),
    });
  };

  return (
    <form className="form pg-enroll" onSubmit={submit} noValidate aria-labelledby="enroll-title">
      <Field id="enroll-email" label="Email" error={error ?? undefined}>
        <input
          id="enroll-email"
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'enroll-email-error' : undefined}
        />
      </Field>
      <button className="btn btn--primary" type="submit" disabled={enroll.isPending}>
        {enroll.isPending ? 'Enrolling...' : 'Enroll'}
      </button>
    </form>
  );
}

/** /giveaway: the prize giveaway's terms and the enrolment form (`coupons/potential-user`). */
export default function GiveawayRoute() {
  useTitle('Giveaway');
  return (
    <main id="main" className="page pg-doc pg-doc--single">
      <h1>Win with every trip</h1>
      <p className="pg-doc__lead">Complete a booking or refer friends to enter our prize giveaway. Enroll with your email and we&apos;ll send you the first-trip offer too: {FIRST_TRIP_OFFER}.</p>

      <section aria-labelledby="enroll-title" className="panel">
        <h2 id="enroll-title">Enroll</h2>
        <EnrollForm />
      </section>

      <section aria-labelledby="giveaway-terms">
        <h2 id="giveaway-terms">Giveaway terms</h2>
        <ol className="pg-giveaway-terms">
          <li>No purchase is necessary. Enrolling on this page with your email is a free way to enter, and counts as one entry.</li>
          <li>Each completed booking gives an entry: a trip that ends as booked, not a cancelled one.</li>
          <li>Each friend you refer gives an entry once they join Upcar with your invitation code and complete their first trip.</li>
          <li>
            To win you must hold an Upcar account in good standing, be {MINIMUM_AGE} or older and live in the United States. Members on the exclusion list cannot take part.
          </li>
          <li>Winners are drawn at random from the entries of each giveaway and told by email; each giveaway&apos;s prize and draw date are announced to enrolled members by email.</li>
          <li>One enrolment per email address. Void where prohibited.</li>
        </ol>
        <p>
          The <Link to="/terms/conditions">terms and conditions</Link> apply too.
        </p>
      </section>
    </main>
  );
}
