import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import type { CoHost } from '../api/get-team';
import { useInviteCoHosts } from '../api/invite-co-hosts';
import { useRemoveCoHost } from '../api/remove-co-host';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StatusTag } from '../components/status-tag';
import { formatWhen, memberName, percent } from '../lib/names';
import { EMPTY_INVITE, parseEmails, parsePercent } from '../lib/rules';
import { useTeamContext } from '../lib/team-context';

const LIVE = new Set(['pending', 'accepted']);

/** /host/teams/:teamId/cohosts: the members and their status; the host invites, resends and removes; a co-host can leave. */
export default function TeamCoHostsRoute() {
  const { team, isHost, teamId } = useTeamContext();
  const session = useSession();
  const me = userIdOf(session?.user);
  const navigate = useNavigate();
  const invite = useInviteCoHosts();
  const remove = useRemoveCoHost();
  const leave = useRemoveCoHost({ leaving: true });
  const [emails, setEmails] = useState('');
  const [share, setShare] = useState('');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CoHost | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    document.title = `Co-hosts | ${team.teamName} | Upcar`;
  }, [team.teamName]);

  const send = (e: React.FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const list = parseEmails(emails);
    if (!list.length) return setInviteError(EMPTY_INVITE);
    const pct = share.trim() ? parsePercent(share) : 0;
    if (pct === null) return setInviteError('Enter an earnings share from 0 to 100 (at most two decimals).');
    setInviteError(null);
    invite.mutate(
      { teamId, coHostEmails: list, earningsSharePercent: share.trim() ? String(pct) : undefined },
      {
        onSuccess: () => {
          setEmails('');
          setShare('');
          setNotice(list.length === 1 ? `Invitation sent to ${list[0]}.` : `Invitations sent to ${list.join(', ')}.`);
        },
        onError: (err) => setInviteError(errorMessage(err, 'Failed to send the invitations.')),
      },
    );
  };

  const resend = (c: CoHost) => {
    setNotice(null);
    setInviteError(null);
    invite.mutate(
      { teamId, coHostEmails: [c.email], earningsSharePercent: String(c.earningsSharePercent ?? 0) },
      {
        onSuccess: () => setNotice(`Invitation sent again to ${c.email}.`),
        onError: (err) => setInviteError(errorMessage(err, 'Failed to send the invitations.')),
      },
    );
  };

  const members = isHost ? team.coHosts : team.coHosts.filter((c) => LIVE.has(c.status));

  return (
    <section aria-labelledby="cohosts-title" className="teams-section">
      <div className="teams-section__head">
        <h2 id="cohosts-title">Co-hosts</h2>
        {!isHost && (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => setLeaving(true)}>
            Leave team
          </button>
        )}
      </div>
      {notice && (
        <p role="status" className="form__success">
          {notice}
        </p>
      )}
      {members.length === 0 ? (
        <p className="muted">No co-hosts yet. Invite someone below; the team becomes active once a co-host accepts.</p>
      ) : (
        <ul className="teams-members" aria-label="Members">
          {members.map((c) => {
            const mine = Boolean(me && c.coHostId === me);
            return (
              <li key={c._id} className="teams-member" data-testid="member">
                <div className="teams-member__who">
                  <strong>{memberName(c)}</strong>
                  {memberName(c) !== c.email && <span className="muted">{c.email}</span>}
                  {mine && <span className="muted">(you)</span>}
                </div>
                <StatusTag status={c.status} />
                <span className="muted">Share {percent(c.earningsSharePercent)}</span>
                <span className="muted">
                  {c.status === 'pending' ? `Invited ${formatWhen(c.invitedAt)}, expires ${formatWhen(c.expiresAt)}` : c.answeredAt ? `Answered ${formatWhen(c.answeredAt)}` : `Invited ${formatWhen(c.invitedAt)}`}
                </span>
                {isHost && (
                  <span className="teams-member__actions">
                    {(c.status === 'pending' || c.status === 'expired') && (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => resend(c)} disabled={invite.isPending} aria-label={`Resend invitation to ${c.email}`}>
                        Resend
                      </button>
                    )}
                    {LIVE.has(c.status) && (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRemoving(c)} aria-label={`${c.status === 'pending' ? 'Withdraw invitation of' : 'Remove'} ${memberName(c)}`}>
                        {c.status === 'pending' ? 'Withdraw' : 'Remove'}
                      </button>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {isHost && (
        <form className="form panel teams-invite" onSubmit={send} noValidate aria-labelledby="invite-title">
          <h3 id="invite-title">Invite co-hosts</h3>
          <div className="field">
            <label htmlFor="invite-emails" className="field__label">
              Co-host emails
            </label>
            <textarea
              id="invite-emails"
              className="input"
              rows={3}
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              aria-describedby="invite-emails-hint"
              aria-invalid={inviteError === EMPTY_INVITE || undefined}
            />
            <p id="invite-emails-hint" className="field__hint">
              One a line, or separated by commas. Each gets a link that works once, for seven days.
            </p>
          </div>
          <div className="field">
            <label htmlFor="invite-share" className="field__label">
              Earnings share offered (%, optional)
            </label>
            <input id="invite-share" className="input teams-share-input" inputMode="decimal" value={share} onChange={(e) => setShare(e.target.value)} placeholder="0" />
          </div>
          {inviteError && (
            <p role="alert" className="form__error">
              {inviteError}
            </p>
          )}
          <div>
            <button type="submit" className="btn btn--primary" disabled={invite.isPending} aria-busy={invite.isPending}>
              {invite.isPending ? 'Sending…' : 'Send invitations'}
            </button>
          </div>
        </form>
      )}

      {removing && (
        <ConfirmDialog
          title={removing.status === 'pending' ? 'Withdraw the invitation?' : 'Remove this co-host?'}
          confirmLabel={removing.status === 'pending' ? 'Withdraw' : 'Remove'}
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, 'Failed to remove the co-host.') : undefined}
          onClose={() => {
            setRemoving(null);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(
              { teamId, coHostId: removing.coHostId || removing._id },
              {
                onSuccess: () => {
                  setNotice(removing.status === 'pending' ? `The invitation of ${removing.email} was withdrawn.` : `${memberName(removing)} was removed from the team.`);
                  setRemoving(null);
                },
              },
            )
          }
        >
          <p>{removing.status === 'pending' ? `${removing.email}'s link will stop working.` : `${memberName(removing)} loses access to the team's cars at once.`}</p>
        </ConfirmDialog>
      )}
      {leaving && (
        <ConfirmDialog
          title="Leave this team?"
          confirmLabel="Leave team"
          pending={leave.isPending}
          error={leave.isError ? errorMessage(leave.error, 'Failed to leave the team.') : undefined}
          onClose={() => {
            setLeaving(false);
            leave.reset();
          }}
          onConfirm={() => leave.mutate({ teamId, coHostId: me ?? '' }, { onSuccess: () => navigate('/host/teams', { replace: true }) })}
        >
          <p>You lose access to {team.teamName}'s cars at once. The host can invite you again.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
