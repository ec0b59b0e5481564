import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { useInvitation } from '../api/get-invitation';
import { useHandleInvite } from '../api/handle-invite';
import { SignInNeeded } from '../components/sign-in-needed';
import { StatusTag } from '../components/status-tag';
import { formatWhen, percent } from '../lib/names';
import { BOOKING_MANAGEMENT_COVERS, FULL_EDITING_COVERS, PRICING_AVAILABILITY_COVERS } from '../lib/permissions';
import { flag, inviteAnswerError } from '../lib/rules';
import '../teams.css';

const ANSWERED: Record<string, string> = {
  accepted: 'This invitation has already been accepted.',
  rejected: 'This invitation has already been declined.',
  expired: 'This invitation has expired. Ask the host to send a new one.',
  revoked: 'The host has withdrawn this invitation.',
  removed: 'You were a co-host of this team and have been removed.',
};

/**
 * /host/teams/invite/:teamId?token=: the invitee's page. Signed out, log in first (the token
 * stays in the address); then the team, its cars, the permissions and the share offered, and
 * Accept or Reject only.
 */
export default function InvitationRoute() {
  const { teamId = '' } = useParams();
  const [q] = useSearchParams();
  const token = (q.get('token') ?? '').trim();
  const session = useSession();
  const viewer = session ? (userIdOf(session.user) ?? String(session.user.email ?? 'signed-in')) : null;
  const info = useInvitation(teamId, token, viewer);
  const answer = useHandleInvite(teamId, token);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Co-host invitation | Upcar';
  }, []);

  const respond = (action: 'accept' | 'reject') =>
    answer.mutate(action, {
      onSuccess: () => {
        if (action === 'accept') navigate(`/host/teams/${encodeURIComponent(teamId)}/cohosts`);
      },
    });

  let body: React.ReactNode;
  if (!session) {
    body = (
      <SignInNeeded title="Log in to answer the invitation">
        <p>Log in first with the account you want to co-host with. You come back to this invitation afterwards.</p>
      </SignInNeeded>
    );
  } else if (info.isPending) {
    body = (
      <div aria-busy="true">
        <p role="status" className="muted">
          Checking your invitation…
        </p>
        <Skeleton className="skeleton--block" />
      </div>
    );
  } else if (info.isError) {
    body = (
      <p role="alert" className="form__error">
        {inviteAnswerError(info.error)}
      </p>
    );
  } else if (answer.isSuccess && answer.variables === 'reject') {
    body = (
      <section className="panel" aria-labelledby="invite-done">
        <h2 id="invite-done">Invitation declined</h2>
        <p role="status">You declined the invitation to {info.data.data.teamName}.</p>
        <Link to="/host/teams">Your teams</Link>
      </section>
    );
  } else {
    const d = info.data.data;
    const pricing = flag(d.permissions.pricingAndAvailability) || flag(d.permissions.full);
    const pending = d.invitationStatus === 'pending';
    body = (
      <section className="panel teams-invitation" aria-labelledby="invite-title" data-testid="invitation">
        <h2 id="invite-title">
          {d.hostName || 'A host'} invited you to co-host {d.teamName}
        </h2>
        <dl className="invitation__facts">
          <div>
            <dt>Team</dt>
            <dd>{d.teamName}</dd>
          </div>
          <div>
            <dt>Host</dt>
            <dd>{d.hostName || '–'}</dd>
          </div>
          <div>
            <dt>Invited email</dt>
            <dd>{d.email}</dd>
          </div>
          <div>
            <dt>Your earnings share</dt>
            <dd>{percent(d.earningsSharePercent)}</dd>
          </div>
          <div>
            <dt>Invitation</dt>
            <dd>
              <StatusTag status={d.invitationStatus} /> {pending && <span className="muted">expires {formatWhen(d.expiresAt, true)}</span>}
            </dd>
          </div>
        </dl>
        <h3>Cars</h3>
        {d.cars.length ? (
          <ul className="teams-plain-list">
            {d.cars.map((c) => (
              <li key={c.id}>
                {c.name}
                {c.licensePlate && <span className="muted"> · {c.licensePlate}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No cars yet.</p>
        )}
        <h3>What you may do</h3>
        <ul className="teams-plain-list">
          <li>Booking management: {BOOKING_MANAGEMENT_COVERS.join(', ').toLowerCase()}</li>
          {pricing && <li>Pricing and availability: {PRICING_AVAILABILITY_COVERS.join(', ').toLowerCase()}</li>}
          {flag(d.permissions.full) && <li>Full editing: {FULL_EDITING_COVERS[1].toLowerCase()}</li>}
        </ul>
        {!pending && ANSWERED[d.invitationStatus] && <p className="muted">{ANSWERED[d.invitationStatus]}</p>}
        {answer.isError && (
          <p role="alert" className="form__error">
            {inviteAnswerError(answer.error)}
          </p>
        )}
        {pending && (
          <div className="invitation__actions">
            <button type="button" className="btn btn--primary" onClick={() => respond('accept')} disabled={answer.isPending} aria-busy={answer.isPending && answer.variables === 'accept'}>
              Accept
            </button>
            <button type="button" className="btn btn--outline" onClick={() => respond('reject')} disabled={answer.isPending} aria-busy={answer.isPending && answer.variables === 'reject'}>
              Reject
            </button>
          </div>
        )}
      </section>
    );
  }

  return (
    <main id="main" className="page page--narrow teams-page invitation" data-testid="invitation-page">
      <h1>Co-host invitation</h1>
      {body}
    </main>
  );
}
