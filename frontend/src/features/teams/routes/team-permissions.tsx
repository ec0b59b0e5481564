import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useManageTeamPermissions } from '../api/manage-permissions';
import { PermissionFields, permissionsBody, type PermissionChoice } from '../components/permission-fields';
import { flag, serverMessage } from '../lib/rules';
import { useTeamContext } from '../lib/team-context';

/** /host/teams/:teamId/permissions (host only): pricing and availability, full editing. */
export default function TeamPermissionsRoute() {
  const { team, isHost, teamId } = useTeamContext();
  const save = useManageTeamPermissions();
  const [value, setValue] = useState<PermissionChoice>(() => ({ pricingAndAvailability: flag(team.permissions.pricingAndAvailability), full: flag(team.permissions.full) }));
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    document.title = `Permissions | ${team.teamName} | Upcar`;
  }, [team.teamName]);

  if (!isHost) return <Navigate to={`/host/teams/${encodeURIComponent(teamId)}/cohosts`} replace />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate({ teamId, permissions: permissionsBody(value) }, { onSuccess: () => setSaved(true) });
  };
  const why = save.isError ? serverMessage(save.error) : null;

  return (
    <section aria-labelledby="permissions-title" className="teams-section">
      <h2 id="permissions-title">Permissions</h2>
      <p className="muted">What every co-host of this team may do with its cars.</p>
      <form className="form" onSubmit={submit} noValidate data-testid="permissions-form">
        <PermissionFields
          value={value}
          onChange={(v) => {
            setSaved(false);
            setValue(v);
          }}
          disabled={save.isPending}
        />
        {save.isError && (
          <div role="alert" className="form__error">
            <p className="form__error">Failed to update permissions</p>
            {why && <p className="form__error">{why}</p>}
          </div>
        )}
        {saved && (
          <p role="status" className="form__success">
            Permissions saved.
          </p>
        )}
        <div>
          <button type="submit" className="btn btn--primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save permissions'}
          </button>
        </div>
      </form>
    </section>
  );
}
