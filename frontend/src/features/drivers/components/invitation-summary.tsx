import { formatInTimeZone } from '@/lib/dates';
import type { Invitation } from '@/api/types';

/** The trip and the invitation: reservation number, times in the trip's zone, email, expiry. */
export function InvitationSummary({ invitation: d }: { invitation: Invitation }) {
  return (
    <dl className="invitation__facts">
      <div>
        <dt>Reservation number</dt>
        <dd>{d.reservationNumber || '—'}</dd>
      </div>
      <div>
        <dt>Trip starts</dt>
        <dd>{formatInTimeZone(d.startTime, d.timeZone)}</dd>
      </div>
      <div>
        <dt>Trip ends</dt>
        <dd>{formatInTimeZone(d.endTime, d.timeZone)}</dd>
      </div>
      <div>
        <dt>Invited email</dt>
        <dd>{d.email}</dd>
      </div>
      <div>
        <dt>Invitation expires</dt>
        <dd>{formatInTimeZone(d.expiresAt, d.timeZone)}</dd>
      </div>
    </dl>
  );
}
