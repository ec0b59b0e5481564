import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';
import { useToast } from '@/components/toast';
import type { Trip } from '@/api/types';
import { lastEvent, tripActions } from '../lib/trip-actions';
import { useCancelModifyRequest, useRespondToModifyRequest } from '../api/modify-trip';
import { CancelTripDialog } from './cancel-trip-dialog';

const q = (tripId: string) => `?tripId=${encodeURIComponent(tripId)}`;

/**
 * What the guest can do next with the trip, by its status: cancel (with the refund first),
 * change it, check in from 30 minutes before the start, check out, incidentals, report an
 * issue, the rental agreement, and a pending change request to withdraw. The pages of trip
 * care are reached by their URLs.
 */
export function TripActionsPanel({ trip, userId, now }: { trip: Trip; userId: string | null; now?: Date }) {
  const a = tripActions(trip, userId, now);
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);
  const withdraw = useCancelModifyRequest();
  const respond = useRespondToModifyRequest();
  const guest = trip.viewerRole === 'guest' || (!trip.viewerRole && trip.userId === userId);
  const pending = trip.status === 'modification_pending' ? lastEvent(trip, 'request_modification') : undefined;
  const id = q(trip.tripId);
  const links: { to: string; label: string; testId: string }[] = [];
  if (a.checkIn?.open) links.push({ to: `/trip/check-in${id}`, label: 'Check in', testId: 'action-check-in' });
  if (a.checkInPhotos) links.push({ to: `/trip/check-in${id}`, label: 'Add check-in photos', testId: 'action-check-in-photos' });
  if (a.checkOut) links.push({ to: `/trip/check-out${id}`, label: 'Check out', testId: 'action-check-out' });
  if (a.checkOutPhotos) links.push({ to: `/trip/check-out${id}`, label: 'Add check-out photos', testId: 'action-check-out-photos' });
  if (a.modify) links.push({ to: `/update-trip${id}`, label: 'Change trip', testId: 'action-modify' });
  if (a.incidentals) links.push({ to: `/trip/incidentals${id}`, label: 'Incidentals', testId: 'action-incidentals' });
  if (a.reportIssue) links.push({ to: `/trip/report-issue${id}`, label: 'Report an issue', testId: 'action-report-issue' });
  if (a.agreement) links.push({ to: `/rental-agreement${id}`, label: 'Rental agreement', testId: 'action-agreement' });
  const nothing = !links.length && !a.cancel && !a.checkIn && !pending;
  return (
    <section className="panel trip-actions" aria-labelledby="trip-actions-title" data-testid="trip-actions">
      <h2 id="trip-actions-title">What's next</h2>
      {pending && (
        <div className="trip-pending" data-testid="pending-modification">
          <p>
            <strong>{a.withdrawModification ? 'You asked to change this trip.' : 'The host asked to change this trip.'}</strong>{' '}
            {a.withdrawModification ? 'The host will answer; until then the trip stays as booked.' : 'Until it is answered the trip stays as booked.'}
          </p>
          {pending.reason && <p className="muted">Requested {formatInTimeZone(pending.at, trip.timeZone)}: {pending.reason}</p>}
          {a.withdrawModification && (
            <>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(trip.tripId, { onSuccess: () => toast.show('Your change request was withdrawn.', 'success') })}
              >
                {withdraw.isPending ? 'Withdrawing…' : 'Withdraw the request'}
              </button>
              {withdraw.isError && (
                <p className="form__error" role="alert">
                  {errorMessage(withdraw.error, 'Failed to cancel the modification request')}
                </p>
              )}
            </>
          )}
          {a.modificationByOther && guest && (
            <>
              <div className="trip-actions__buttons">
                <button type="button" className="btn btn--primary btn--sm" disabled={respond.isPending} onClick={() => respond.mutate({ tripId: trip.tripId, accept: true }, { onSuccess: () => toast.show('You accepted the change.', 'success') })}>
                  Accept the change
                </button>
                <button type="button" className="btn btn--outline btn--sm" disabled={respond.isPending} onClick={() => respond.mutate({ tripId: trip.tripId, accept: false }, { onSuccess: () => toast.show('You declined the change.', 'success') })}>
                  Decline
                </button>
              </div>
              {respond.isError && (
                <p className="form__error" role="alert">
                  {errorMessage(respond.error, 'Your answer could not be sent. Please try again.')}
                </p>
              )}
            </>
          )}
        </div>
      )}
      {a.checkIn && !a.checkIn.open && (
        <p data-testid="check-in-note">
          Check-in opens 30 minutes before the start, at <strong>{formatInTimeZone(a.checkIn.opensAt.toISOString(), trip.timeZone)}</strong>. Take photos of the car when you check in: they are accepted for 30 minutes after.
        </p>
      )}
      {a.checkIn?.open && <p className="muted">Check-in is open: take photos of the outside and inside of the car. Photos are accepted for 30 minutes after check-in.</p>}
      {a.checkOut && <p className="muted">Check out when you return the car, with photos; they are accepted for 30 minutes after checkout.</p>}
      {(links.length > 0 || a.cancel) && (
        <div className="trip-actions__buttons">
          {links.map((l) => (
            <Link key={l.testId} to={l.to} className="btn btn--outline btn--sm" data-testid={l.testId}>
              {l.label}
            </Link>
          ))}
          {a.cancel && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setCancelling(true)} data-testid="action-cancel">
              Cancel trip
            </button>
          )}
        </div>
      )}
      {nothing && <p className="muted">Nothing to do on this trip.</p>}
      {cancelling && (
        <CancelTripDialog
          trip={trip}
          onClose={() => setCancelling(false)}
          onCancelled={(t) => {
            setCancelling(false);
            toast.show(t.refundAmount != null ? `Your trip is cancelled. Refund: ${money(t.refundAmount)}.` : 'Your trip is cancelled.', 'success', 4000);
          }}
        />
      )}
    </section>
  );
}
