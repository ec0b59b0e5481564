import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useHostTeams } from '@/api/get-host-teams';
import { Skeleton } from '@/components/skeleton';
import { useSession } from '@/lib/auth';
import { useCreateTeam } from '../api/create-team';
import { useHostVehicles } from '../api/get-host-vehicles';
import { PermissionFields, permissionsBody, type PermissionChoice } from '../components/permission-fields';
import { SignInNeeded } from '../components/sign-in-needed';
import { VehiclePicker } from '../components/vehicle-picker';
import { createBlocker, createTeamError } from '../lib/rules';
import '../teams.css';

/** /host/teams/create: name, cars and permissions; then the new team's co-hosts page. */
export default function CreateTeamRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const vehicles = useHostVehicles({ enabled: Boolean(session), retry: false });
  const teams = useHostTeams(undefined, { enabled: Boolean(session), retry: false });
  const create = useCreateTeam();
  const [teamName, setTeamName] = useState('');
  const [carIds, setCarIds] = useState<string[]>([]);
  const [permissions, setPermissions] = useState<PermissionChoice>({ pricingAndAvailability: false, full: false });
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Create a team | Upcar';
  }, []);

  // A car is in one team at most: the host's other teams' cars are shown but cannot be ticked.
  const takenBy = useMemo(() => {
    const m = new Map<string, string>();
    for (const t of teams.data?.data ?? []) if (t.role === 'host') for (const c of t.cars) m.set(c.id, t.teamName);
    return m;
  }, [teams.data]);

  const blocker = createBlocker(teamName, carIds);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (blocker || create.isPending) return;
    setFailure(null);
    create.mutate(
      { teamName: teamName.trim(), carIds, permissions: permissionsBody(permissions) },
      {
        onSuccess: (answer) => {
          const id = answer.data?._id;
          if (!answer.status || !id) setFailure(`Failed to create team: ${answer.message || 'Unknown error'}`);
          else navigate(`/host/teams/${encodeURIComponent(id)}/cohosts`);
        },
        onError: (err) => setFailure(createTeamError(err)),
      },
    );
  };

  let vehicleField: React.ReactNode;
  if (vehicles.isPending) vehicleField = <Skeleton className="skeleton--block" />;
  else if (vehicles.isError)
    vehicleField = (
      <p role="alert" className="form__error">
        Failed to fetch vehicles
      </p>
    );
  else if (!vehicles.data.data.length)
    vehicleField = (
      <p className="muted">
        You have no cars on the platform yet. <Link to="/host/become-host">List your car</Link> first, then come back to build a team.
      </p>
    );
  else
    vehicleField = (
      <VehiclePicker
        legend="Vehicles"
        vehicles={vehicles.data.data}
        selected={carIds}
        takenBy={takenBy}
        onToggle={(id, on) => setCarIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)))}
      />
    );

  return (
    <main id="main" className="page page--narrow teams-page" data-testid="create-team-page">
      <p>
        <Link to="/host/teams">← All teams</Link>
      </p>
      <h1>Create a team</h1>
      {!session ? (
        <SignInNeeded title="Log in to create a team" />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="team-name" className="field__label">
              Team name
            </label>
            <input id="team-name" className="input" value={teamName} onChange={(e) => setTeamName(e.target.value)} maxLength={100} autoComplete="off" />
          </div>
          {vehicleField}
          <PermissionFields value={permissions} onChange={setPermissions} />
          {failure && (
            <p role="alert" className="form__error">
              {failure}
            </p>
          )}
          <div className="teams-submit">
            <span className="teams-tooltip" title={blocker ?? undefined}>
              <button type="submit" className="btn btn--primary" disabled={Boolean(blocker) || create.isPending} aria-describedby={blocker ? 'create-blocker' : undefined} aria-busy={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create team'}
              </button>
              {blocker && (
                <span id="create-blocker" role="tooltip" className="teams-tooltip__text">
                  {blocker}
                </span>
              )}
            </span>
          </div>
        </form>
      )}
    </main>
  );
}
