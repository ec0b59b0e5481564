import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { formatInTimeZone } from '@/lib/dates';
import { userIdOf } from '@/lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/verify-invitation';
import { InvitationProblemView } from '../components/invitation-problem';
import { InvitationSummary } from '../components/invitation-summary';
import { describeInvitationError } from '../lib/invitation-errors';

type View = 'missing' | 'signed-out' | 'loading' | 'error' | 'ready' | 'accepted';

/**
 * /additional-driver?token=: the page of the additional-driver invitation email. The invitee
 * signs in with the invited email, sees the trip, and accepts; missing verification sends them
 * to /verification/prebook, which comes back here.
 */
export default function AdditionalDriverRoute() {
  const [q] = useSearchParams();
  const token = (q.get('token') ?? '').trim();
  const session = useSession();
  const prompt = useAuthPrompt();
  // The invitation is asked again for another account (a login from this page switches users).
  const viewer = session ? (userIdOf(session.user) ?? String(session.user.email ?? 'signed-in')) : null;
  const invitation = useInvitation(token, viewer);
  const accept = useAcceptInvitation(token);
  const focusRef = useRef<HTMLHeadingElement>(null);

  const view: View = !token ? 'missing' : !session ? 'signed-out' : accept.isSuccess ? 'accepted' : invitation.isPending ? 'loading' : invitation.isError ? 'error' : 'ready';

  useEffect(() => {
    document.title = 'Driver invitation | Upcar';
  }, []);

  // When the page changes state (after a login, the invitation loaded, accepted, an error) the
  // focus moves to the new section's heading, so keyboard and screen-reader users follow along.
  // Not on the first render: the page keeps the browser's initial focus like every other page.
  const shownView = useRef(view);
  useEffect(() => {
    if (view === shownView.current) return;
    shownView.current = view;
    focusRef.current?.focus();
  }, [view]);

  // A change of account forgets the previous account's answer to Accept.
  const resetAccept = accept.reset;
  useEffect(() => {
    resetAccept();
  }, [viewer, resetAccept]);

  const here = `/additional-driver?token=${encodeURIComponent(token)}`;
  const verifyUrl = `/verification/prebook?nextPage=${encodeURIComponent(here)}`;
  const signedInAs = session?.user.email ? String(session.user.email) : undefined;
  const login = () => prompt.open('login');

  let body: ReactNode;
  if (view === 'missing') {
    body = (
      <section aria-labelledby="invitation-missing">
        <h2 id="invitation-missing" ref={focusRef} tabIndex={-1}>
          This link is incomplete
        </h2>
        <p role="alert" className="form__error">
          This invitation link is missing its code. Open the link in your invitation email again, or ask the person who invited you to send a new invitation.
        </p>
      </section>
    );
  } else if (view === 'signed-out') {
    body = (
      <section aria-labelledby="invitation-signin">
        <h2 id="invitation-signin" ref={focusRef} tabIndex={-1}>
          Sign in to accept
        </h2>
        <p>
          To drive on this trip, log in or create an account with the email address the invitation was sent to. You will need your driver's licence and a selfie, then you can accept the invitation here.
        </p>
        <div className="invitation__actions">
          <button type="button" className="btn btn--primary" onClick={login}>
            Log in
          </button>
          <button type="button" className="btn btn--outline" onClick={() => prompt.open('signup')}>
            Sign up
          </button>
        </div>
      </section>
    );
  } else if (view === 'loading') {
    body = (
      <section aria-labelledby="invitation-loading" aria-busy="true">
        <h2 id="invitation-loading" ref={focusRef} tabIndex={-1}>
          Your invitation
        </h2>
        <p role="status" className="muted">
          Checking your invitation…
        </p>
        <Skeleton className="skeleton--block" />
      </section>
    );
  } else if (view === 'error') {
    body = <InvitationProblemView problem={describeInvitationError(invitation.error)} headingRef={focusRef} verifyUrl={verifyUrl} signedInAs={signedInAs} onLogin={login} onRetry={() => void invitation.refetch()} />;
  } else if (view === 'accepted') {
    const d = accept.data?.data ?? invitation.data?.data;
    body = (
      <section className="panel" aria-labelledby="invitation-accepted">
        <h2 id="invitation-accepted" ref={focusRef} tabIndex={-1}>
          You're a driver on this trip
        </h2>
        <p role="status" className="form__success">
          {accept.data?.message || 'You are now an additional driver on this trip.'}
        </p>
        {d && (
          <p>
            Reservation {d.reservationNumber}: {formatInTimeZone(d.startTime, d.timeZone)} – {formatInTimeZone(d.endTime, d.timeZone)}. Bring your driver's licence when you pick up the car.
          </p>
        )}
        <div className="invitation__actions">
          <Link className="btn btn--primary" to={d?.tripId ? `/bookings?tripId=${encodeURIComponent(d.tripId)}` : '/bookings'}>
            See the trip
          </Link>
        </div>
      </section>
    );
  } else {
    const d = invitation.data!.data;
    const problem = accept.isError ? describeInvitationError(accept.error) : null;
    body = (
      <section className="panel" aria-labelledby="invitation-ready">
        <h2 id="invitation-ready" ref={focusRef} tabIndex={-1}>
          You're invited to drive
        </h2>
        <p>Accept to be added as an additional driver on this trip.</p>
        <InvitationSummary invitation={d} />
        <button type="button" className="btn btn--primary btn--block" onClick={() => accept.mutate()} disabled={accept.isPending || Boolean(problem?.final)} aria-busy={accept.isPending}>
          {accept.isPending ? 'Accepting…' : 'Accept invitation'}
        </button>
        {problem && <InvitationProblemView problem={problem} level={3} verifyUrl={verifyUrl} signedInAs={signedInAs} onLogin={login} onRetry={() => accept.mutate()} />}
      </section>
    );
  }

  return (
    <main id="main" className="page page--narrow invitation" data-testid="additional-driver-page">
      <h1>Driver invitation</h1>
      {body}
    </main>
  );
}
