import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useHostTeams } from '@/api/get-host-teams';
import { CarPhoto } from '@/components/car-photo';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useHostVehicles } from '../api/get-host-vehicles';
import { useTeamVehicles } from '../api/get-team-vehicles';
import { useManageVehicles } from '../api/manage-vehicles';
import { ConfirmDialog } from '../components/confirm-dialog';
import { VehiclePicker } from '../components/vehicle-picker';
import type { VehicleOption } from '../api/get-team';
import { useTeamContext } from '../lib/team-context';

/** /host/teams/:teamId/vehicles: the team's cars, each opening its pricing page; the host adds and removes cars. */
export default function TeamVehiclesRoute() {
  const { team, isHost, teamId } = useTeamContext();
  const vehicles = useTeamVehicles(teamId, { retry: false });
  const hostVehicles = useHostVehicles({ enabled: isHost, retry: false });
  const teams = useHostTeams(undefined, { enabled: isHost, retry: false });
  const manage = useManageVehicles();
  const [adding, setAdding] = useState<string[]>([]);
  const [removing, setRemoving] = useState<VehicleOption | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Vehicles | ${team.teamName} | Upcar`;
  }, [team.teamName]);

  const current = useMemo(() => vehicles.data?.data ?? [], [vehicles.data]);
  const takenBy = useMemo(() => {
    const m = new Map<string, string>();
    for (const t of teams.data?.data ?? []) if (t.role === 'host' && t._id !== teamId) for (const c of t.cars) m.set(c.id, t.teamName);
    return m;
  }, [teams.data, teamId]);
  const others = (hostVehicles.data?.data ?? []).filter((v) => !current.some((c) => c.id === v.id));

  const setCars = (carIds: string[], done: string) => {
    setNotice(null);
    manage.mutate(
      { teamId, carIds },
      {
        onSuccess: () => {
          setNotice(done);
          setAdding([]);
          setRemoving(null);
        },
      },
    );
  };
  const failure = manage.isError ? errorMessage(manage.error, 'Failed to update the team’s cars.') : null;

  return (
    <section aria-labelledby="vehicles-title" className="teams-section">
      <h2 id="vehicles-title">Vehicles</h2>
      {notice && (
        <p role="status" className="form__success">
          {notice}
        </p>
      )}
      {failure && !removing && (
        <p role="alert" className="form__error">
          {failure}
        </p>
      )}
      {vehicles.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : vehicles.isError ? (
        <p role="alert" className="form__error">
          {errorMessage(vehicles.error, 'Failed to fetch vehicles')}
        </p>
      ) : current.length === 0 ? (
        <p className="muted">This team has no cars.</p>
      ) : (
        <ul className="teams-cars" aria-label="Team cars">
          {current.map((v) => (
            <li key={v.id} className="teams-car panel" data-testid="team-car">
              <CarPhoto src={v.photoUrl} alt="" className="teams-car__photo" />
              <div className="teams-car__body">
                <Link to={`/host/car/${encodeURIComponent(v.id)}/edit-pricing`} className="teams-car__name">
                  {v.name}
                </Link>
                <span className="muted">{v.licensePlate || 'No plate'}</span>
              </div>
              {isHost && (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setRemoving(v)}
                  disabled={current.length === 1 || manage.isPending}
                  aria-label={`Remove ${v.name} from the team`}
                  title={current.length === 1 ? 'A team keeps at least one car' : undefined}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isHost && current.length === 1 && <p className="muted">A team keeps at least one car: add another before removing this one, or delete the team in Settings.</p>}

      {isHost && !vehicles.isPending && (
        <div className="panel teams-add">
          <h3>Add cars</h3>
          {hostVehicles.isError ? (
            <p role="alert" className="form__error">
              Failed to fetch vehicles
            </p>
          ) : hostVehicles.isPending ? (
            <Skeleton className="skeleton--block" />
          ) : others.length === 0 ? (
            <p className="muted">All your cars on the platform are in this team.</p>
          ) : (
            <form
              className="form"
              onSubmit={(e) => {
                e.preventDefault();
                if (adding.length) setCars([...current.map((c) => c.id), ...adding], adding.length === 1 ? 'Car added.' : 'Cars added.');
              }}
            >
              <VehiclePicker legend="Your other cars" vehicles={others} selected={adding} takenBy={takenBy} onToggle={(id, on) => setAdding((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)))} />
              <div>
                <button type="submit" className="btn btn--primary" disabled={!adding.length || manage.isPending} aria-busy={manage.isPending}>
                  Add to team
                </button>
              </div>
            </form>
          )}
        </div>
      )}

      {removing && (
        <ConfirmDialog
          title="Remove this car from the team?"
          confirmLabel="Remove"
          pending={manage.isPending}
          error={failure}
          onClose={() => {
            setRemoving(null);
            manage.reset();
          }}
          onConfirm={() => setCars(current.filter((c) => c.id !== removing.id).map((c) => c.id), `${removing.name} was removed from the team.`)}
        >
          <p>Co-hosts of {team.teamName} will no longer manage {removing.name}.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
