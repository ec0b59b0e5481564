import { formatInTimeZone } from '@/lib/dates';
import type { Schemas } from '@/api/types';

type Line = Schemas['HistoryEntry'];

const ACTIONS: Record<string, string> = {
  book: 'Booked',
  accept: 'Accepted by the host',
  reject: 'Declined by the host',
  cancel: 'Cancelled',
  request_modification: 'Change requested',
  withdraw_modification: 'Change request withdrawn',
  respond_to_modification: 'Change request answered',
  check_in: 'Checked in',
  checkout: 'Checked out',
  add_incidentals: 'Incidentals added',
  remove_incidentals: 'Incidentals removed',
  accept_incidentals: 'Incidentals paid',
  report_issue: 'Issue reported',
  attach_report_photos: 'Photos attached to a report',
  agreement_signed: 'Rental agreement signed',
  invite_driver: 'Additional driver invited',
  add_driver: 'Additional driver joined',
};
const ROLES: Record<string, string> = { guest: 'you', host: 'the host', cohost: 'a co-host', admin: 'support', system: 'automatically' };

const human = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The trip's history (the server's append-only lines), newest first, in the car's time zone. */
export function TripHistory({ history, timeZone, viewerIsGuest }: { history: Line[]; timeZone: string; viewerIsGuest: boolean }) {
  if (!history.length) return null;
  const lines = [...history].reverse();
  const who = (role: string) => (role === 'guest' && !viewerIsGuest ? 'the guest' : (ROLES[role] ?? role));
  return (
    <section className="panel" aria-labelledby="trip-history-title" data-testid="trip-history">
      <h2 id="trip-history-title">History</h2>
      <ol className="trip-history">
        {lines.map((l, i) => (
          <li key={`${l.at}-${i}`}>
            <time dateTime={l.at}>{formatInTimeZone(l.at, timeZone)}</time> · <strong>{ACTIONS[l.action] ?? human(l.action)}</strong>
            {l.actorRole && l.action !== 'agreement_signed' && <span className="muted"> by {who(l.actorRole)}</span>}
            {l.reason && <span className="trip-history__reason"> — {l.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
