import { useEffect } from 'react';
import { Link } from 'react-router';
import { PRICING_NOTE, SLIDES } from '../lib/learn-more';
import { BOOKING_MANAGEMENT_COVERS, FULL_EDITING_COVERS, PRICING_AVAILABILITY_COVERS } from '../lib/permissions';
import '../teams.css';

/** /learn-more: co-hosting teams explained (what a team is, the permission sets, invitations, the earnings split). */
export default function LearnMoreRoute() {
  useEffect(() => {
    document.title = 'Co-hosting teams | Upcar';
  }, []);
  const [team, , invitations, split] = SLIDES;
  return (
    <main id="main" className="page page--narrow teams-page teams-learn" data-testid="learn-more-page">
      <h1>Co-hosting teams</h1>
      <p className="muted">Share the work of hosting with people you trust, and decide exactly what they may do.</p>
      <section aria-labelledby="lm-team">
        <h2 id="lm-team">{team.title}</h2>
        {team.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <section aria-labelledby="lm-permissions">
        <h2 id="lm-permissions">Two permission sets</h2>
        <h3>Booking management (always included)</h3>
        <ul>
          {BOOKING_MANAGEMENT_COVERS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <h3>Pricing and availability (optional)</h3>
        <p>{PRICING_NOTE}</p>
        <ul>
          {PRICING_AVAILABILITY_COVERS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <p>You can also allow full editing: {FULL_EDITING_COVERS.join(', and ').toLowerCase()}. Payouts, the team itself and deleting cars always stay with you.</p>
      </section>
      <section aria-labelledby="lm-invitations">
        <h2 id="lm-invitations">{invitations.title}</h2>
        {invitations.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <section aria-labelledby="lm-split">
        <h2 id="lm-split">How the earnings split works</h2>
        {split.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <p>
        <Link className="btn btn--primary" to="/host/teams/create">
          Create a team
        </Link>
      </p>
    </main>
  );
}
