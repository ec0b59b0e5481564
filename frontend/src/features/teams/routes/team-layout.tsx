import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { useSession } from '@/lib/auth';
import { useTeam } from '../api/get-team';
import { SignInNeeded } from '../components/sign-in-needed';
import { roleLabel, StatusTag } from '../components/status-tag';
import { TeamSidebar } from '../components/team-sidebar';
import { teamLoadError } from '../lib/rules';
import type { TeamContext } from '../lib/team-context';
import '../teams.css';

/** /host/teams/:teamId/*: loads the team once, shows its head and the role-aware sidebar, and the page. */
export default function TeamLayoutRoute() {
  const { teamId = '' } = useParams();
  const session = useSession();
  const team = useTeam(teamId, { enabled: Boolean(session && teamId), retry: false });
  const data = team.data?.data;

  // Each team page names itself once the team is loaded; until then (or when it fails) the layout does.
  const loaded = Boolean(data);
  useEffect(() => {
    if (!loaded) document.title = 'Team | Upcar';
  }, [loaded]);

  let body: React.ReactNode;
  if (!session) body = <SignInNeeded title="Log in to see this team" />;
  else if (team.isPending)
    body = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading the team…
        </p>
        <Skeleton className="skeleton--block" />
      </div>
    );
  else if (team.isError || !data)
    body = (
      <p role="alert" className="form__error">
        {team.isError ? teamLoadError(team.error) : team.data?.message || 'Failed to fetch team data.'}
      </p>
    );
  else {
    const role = team.data.role ?? data.role;
    const ctx: TeamContext = { team: data, role, isHost: role === 'host', teamId };
    return (
      <main id="main" className="page teams-page" data-testid="team-page">
        <div className="teams-team__head">
          <h1>{data.teamName}</h1>
          <StatusTag status={data.teamStatus} />
          <span className="muted">You are the {roleLabel(role).toLowerCase()}</span>
        </div>
        <div className="teams-team">
          <TeamSidebar teamId={teamId} role={role} />
          <div className="teams-team__main">
            <Outlet context={ctx} />
          </div>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page teams-page" data-testid="team-page">
      <h1>Team</h1>
      {body}
    </main>
  );
}
