import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTeam } from '../api/delete-team';
import { useTeamAuditLog } from '../api/get-team-audit-log';
import { useUpdateTeam } from '../api/update-team';
import { ConfirmDialog } from '../components/confirm-dialog';
import { roleLabel } from '../components/status-tag';
import { actionLabel, summariseChange } from '../lib/audit';
import { formatWhen, memberName, percent } from '../lib/names';
import { parsePercent, serverMessage } from '../lib/rules';
import { useTeamContext } from '../lib/team-context';

/** The spec's failure line, and the server's reason under it when it gave one. */
function Failure({ title, error }: { title: string; error: unknown }) {
  const why = serverMessage(error);
  return (
    <div role="alert" className="form__error">
      <p className="form__error">{title}</p>
      {why && <p className="form__error">{why}</p>}
    </div>
  );
}

/** /host/teams/:teamId/settings (host only): name, earnings split, audit log, delete. */
export default function TeamSettingsRoute() {
  const { team, isHost, teamId } = useTeamContext();
  useEffect(() => {
    document.title = `Settings | ${team.teamName} | Upcar`;
  }, [team.teamName]);
  if (!isHost) return <Navigate to={`/host/teams/${encodeURIComponent(teamId)}/cohosts`} replace />;
  return (
    <div className="teams-section">
      <h2>Settings</h2>
      <RenameForm />
      <EarningsSplit />
      <AuditLog />
      <DeleteTeam />
    </div>
  );
}

function RenameForm() {
  const { team, teamId } = useTeamContext();
  const update = useUpdateTeam();
  const [name, setName] = useState(team.teamName);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="form panel"
      aria-labelledby="rename-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        update.mutate({ teamId, teamName: name.trim() }, { onSuccess: () => setSaved(true) });
      }}
    >
      <h3 id="rename-title">Team name</h3>
      <div className="field">
        <label htmlFor="settings-name" className="field__label">
          Name
        </label>
        <input id="settings-name" className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </div>
      {update.isError && <Failure title="Failed to update team" error={update.error} />}
      {saved && (
        <p role="status" className="form__success">
          Name saved.
        </p>
      )}
      <div>
        <button type="submit" className="btn btn--primary" disabled={!name.trim() || name.trim() === team.teamName || update.isPending} aria-busy={update.isPending}>
          Save name
        </button>
      </div>
    </form>
  );
}

function EarningsSplit() {
  const { team, teamId } = useTeamContext();
  const update = useUpdateTeam();
  const live = team.coHosts.filter((c) => c.status === 'pending' || c.status === 'accepted');
  const [shares, setShares] = useState<Record<string, string>>(() => Object.fromEntries(live.map((c) => [c._id, String(c.earningsSharePercent ?? 0)])));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const split = [];
    for (const c of live) {
      const n = parsePercent(shares[c._id] ?? '');
      if (n === null) return setInvalid(`Enter a share from 0 to 100 for ${memberName(c)} (at most two decimals).`);
      split.push({ coHostId: c.coHostId || c._id, sharePercent: String(n) });
    }
    setInvalid(null);
    update.mutate({ teamId, earningsSplit: split }, { onSuccess: () => setSaved(true) });
  };

  return (
    <form className="form panel" aria-labelledby="split-title" noValidate onSubmit={submit}>
      <h3 id="split-title">Earnings split</h3>
      <p className="muted">Each co-host’s share of the team cars’ earnings. Together they never exceed 100%; you keep {percent(team.hostEarningsSharePercent)}.</p>
      {live.length === 0 ? (
        <p className="muted">No co-hosts yet.</p>
      ) : (
        <>
          {live.map((c) => (
            <div className="field teams-share" key={c._id}>
              <label htmlFor={`share-${c._id}`} className="field__label">
                {memberName(c)} (%)
              </label>
              <input id={`share-${c._id}`} className="input teams-share-input" inputMode="decimal" value={shares[c._id] ?? ''} onChange={(e) => setShares((s) => ({ ...s, [c._id]: e.target.value }))} />
            </div>
          ))}
          {invalid && (
            <p role="alert" className="form__error">
              {invalid}
            </p>
          )}
          {update.isError && <Failure title="Failed to update team" error={update.error} />}
          {saved && (
            <p role="status" className="form__success">
              Earnings split saved.
            </p>
          )}
          <div>
            <button type="submit" className="btn btn--primary" disabled={update.isPending} aria-busy={update.isPending}>
              Save split
            </button>
          </div>
        </>
      )}
    </form>
  );
}

function AuditLog() {
  const { team, teamId } = useTeamContext();
  const log = useTeamAuditLog(teamId, { retry: false });
  // Actor ids read as names where the team knows them.
  const names = new Map<string, string>();
  names.set(team.hostId, 'You');
  for (const c of team.coHosts) if (c.coHostId) names.set(c.coHostId, memberName(c));
  const cars = new Map(team.cars.map((c) => [c.id, c.name]));

  return (
    <section className="panel" aria-labelledby="audit-title">
      <h3 id="audit-title">Activity</h3>
      {log.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : log.isError ? (
        <p role="alert" className="form__error">
          {errorMessage(log.error, 'Failed to fetch the activity.')}
        </p>
      ) : log.data.data.length === 0 ? (
        <p className="muted">No activity yet.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="The team's changes">
          <table className="teams-audit">
            <caption className="sr-only">The team's changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Role</th>
                <th scope="col">Action</th>
                <th scope="col">Car</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {log.data.data.map((a) => (
                <tr key={a._id} data-testid="audit-entry">
                  <td>{formatWhen(a.at, true)}</td>
                  <td>{names.get(a.actorId) ?? 'Someone'}</td>
                  <td>{a.actorRole === 'invitee' ? 'Invitee' : roleLabel(a.actorRole)}</td>
                  <td>{actionLabel(a.action)}</td>
                  <td>{a.carId ? (cars.get(a.carId) ?? 'A car') : '–'}</td>
                  <td>{summariseChange(a)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DeleteTeam() {
  const { team, teamId } = useTeamContext();
  const del = useDeleteTeam();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <section className="panel" aria-labelledby="delete-title">
      <h3 id="delete-title">Delete team</h3>
      <p className="muted">Co-hosts lose access to the team’s cars at once; the cars stay yours.</p>
      <div>
        <button type="button" className="btn btn--outline teams-danger-outline" onClick={() => setAsking(true)}>
          Delete team
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Delete ${team.teamName}?`}
          confirmLabel="Delete team"
          pending={del.isPending}
          error={del.isError ? <Failure title="Failed to delete team" error={del.error} /> : undefined}
          onClose={() => {
            setAsking(false);
            del.reset();
          }}
          onConfirm={() => del.mutate(teamId, { onSuccess: () => navigate('/host/teams', { replace: true }) })}
        >
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
