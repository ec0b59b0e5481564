import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';
import type { Incidental } from '../api/get-incidentals';
import { INCIDENTAL_STATUS } from '../lib/incidentals';

type Props = {
  incidental: Incidental;
  tripId: string;
  timeZone?: string;
  /** Shown in the card's heading row (the host's "select to remove"). */
  action?: ReactNode;
};

/** One incidental as either side reads it: kind, status, note, charge lines, price, when, its photos. */
export function IncidentalCard({ incidental: i, tripId, timeZone, action }: Props) {
  return (
    <li className="panel" data-testid="incidental" data-status={i.status}>
      <div className="trip-care__row">
        <h2>{i.label || i.type.replace(/_/g, ' ')}</h2>
        <span className={`tag tag--${i.status}`}>{INCIDENTAL_STATUS[i.status]}</span>
      </div>
      <p className="muted">Type: {i.type.replace(/_/g, ' ')}</p>
      {i.description && <p className="trip-care__text">{i.description}</p>}
      {i.charges.length > 0 && (
        <table className="breakdown">
          <tbody>
            {i.charges.map((c, n) => (
              <tr key={n}>
                <th scope="row">{c.label}</th>
                <td>{money(c.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        Price: <strong>{money(i.total)}</strong>
      </p>
      <p className="muted">
        Added {formatInTimeZone(i.createdAt, timeZone)}
        {i.paidAt && ` · charged ${formatInTimeZone(i.paidAt, timeZone)}`}
        {i.removedAt && ` · removed ${formatInTimeZone(i.removedAt, timeZone)}`}
      </p>
      {i.status === 'pending' && (
        <p data-testid="dispute-until">Accept or dispute by {formatInTimeZone(i.disputeUntil, timeZone)}; unanswered, it is charged then.</p>
      )}
      {i.status === 'disputed' && (
        <p data-testid="dispute-reason">
          Disputed{i.disputeReason ? `: “${i.disputeReason}”` : ''}. Support decides; nothing is charged until then.
        </p>
      )}
      {i.photoUrls.length > 0 && (
        <ul className="trip-care__gallery" aria-label={`Photos of ${i.label}`}>
          {i.photoUrls.map((u, n) => (
            <li key={u}>
              <a href={u} target="_blank" rel="noreferrer">
                <img src={u} alt={`${i.label}, photo ${n + 1}`} width={120} height={90} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {(i.status === 'pending' || action) && (
        <div className="trip-care__actions">
          {i.status === 'pending' && (
            <Link to={`/trip/photos/incidence/${encodeURIComponent(i.type)}?tripId=${encodeURIComponent(tripId)}`}>
              Add photos of {i.label}
            </Link>
          )}
          {action}
        </div>
      )}
    </li>
  );
}
