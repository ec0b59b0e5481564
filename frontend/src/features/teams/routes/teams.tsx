import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useHostTeams } from '@/api/get-host-teams';
import { Skeleton } from '@/components/skeleton';
import { useSession } from '@/lib/auth';
import { LearnMoreDialog } from '../components/learn-more-dialog';
import { SignInNeeded } from '../components/sign-in-needed';
import { roleLabel, StatusTag } from '../components/status-tag';
import { memberName } from '../lib/names';
import { teamsListError } from '../lib/rules';
import '../teams.css';

/** /host/teams: the teams the user hosts or co-hosts, the empty state, the learn-more slides. */
export default function TeamsRoute() {
  const session = useSession();
  const teams = useHostTeams(undefined, { enabled: Boolean(session), retry: false });
  const [learnMore, setLearnMore] = useState(false);

  useEffect(() => {
    document.title = 'Co-host teams | Upcar';
  }, []);

  let body: React.ReactNode;
  if (!session) {
    body = <SignInNeeded title="Log in to see your teams" />;
  } else if (teams.isPending) {
    body = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading teams…
        </p>
        <Skeleton className="skeleton--block" />
      </div>
    );
  } else if (teams.isError) {
    body = (
      <div className="teams-error">
        <p role="alert" className="form__error">
          {teamsListError(teams.error)}
        </p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void teams.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!teams.data.data.length) {
    body = (
      <div className="empty panel" data-testid="teams-empty">
        <h2>No teams yet</h2>
        <p className="muted">Create a team, choose its cars and invite co-hosts to help with bookings, pricing and availability.</p>
        <div className="teams-actions teams-actions--center">
          <Link className="btn btn--primary" to="/host/teams/create">
            Create team
          </Link>
          <button type="button" className="btn btn--outline" onClick={() => setLearnMore(true)}>
            Learn more
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="teams-list" aria-label="Your teams">
        {teams.data.data.map((t) => {
          const live = t.coHosts.filter((c) => c.status === 'accepted' || c.status === 'pending');
          return (
            <li key={t._id} className="panel teams-list__item" data-testid="team-row">
              <div className="teams-list__head">
                <h2 className="teams-list__name">
                  <Link to={`/host/teams/${encodeURIComponent(t._id)}/cohosts`}>{t.teamName}</Link>
                </h2>
                <StatusTag status={t.teamStatus} />
              </div>
              <dl className="teams-facts">
                <div>
                  <dt>Your role</dt>
                  <dd>{roleLabel(t.role)}</dd>
                </div>
                <div>
                  <dt>Cars</dt>
                  <dd>{t.cars.length ? `${t.cars.length}: ${t.cars.map((c) => c.name).join(', ')}` : 'None'}</dd>
                </div>
                <div>
                  <dt>Co-hosts</dt>
                  <dd>{live.length ? `${live.length}: ${live.map((c) => memberName(c)).join(', ')}` : 'None yet'}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <main id="main" className="page teams-page" data-testid="teams-page">
      <div className="teams-page__head">
        <h1>Co-host teams</h1>
        {session && (
          <div className="teams-actions">
            <button type="button" className="btn btn--outline" onClick={() => setLearnMore(true)}>
              Learn more
            </button>
            <Link className="btn btn--primary" to="/host/teams/create">
              Create team
            </Link>
          </div>
        )}
      </div>
      {body}
      {learnMore && <LearnMoreDialog onClose={() => setLearnMore(false)} />}
    </main>
  );
}
