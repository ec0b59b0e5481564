import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';
import { userIdOf } from '@/lib/session';
import type { Trip } from '@/api/types';
import { useTrip } from '@/api/get-trip';
import { DeliveryPanel } from '../components/delivery-panel';
import { TripsList } from '../components/trips-list';
import { TripActionsPanel } from '../components/trip-actions';
import { HostTripActions } from '../components/host-trip-actions';
import { AdditionalDrivers } from '../components/additional-drivers';
import { TripHistory } from '../components/trip-history';
import { TripParty, TripPickup } from '../components/trip-context';
import { PaymentNote } from '../components/payment-note';
import { isCancelled, tripActions } from '../lib/trip-actions';
import '../booking.css';

const STATUS_NOTES: Record<string, string> = {
  requested: 'waiting for the host to confirm',
  confirmed: 'you are all set',
  modification_pending: 'waiting for an answer to the change request',
  in_progress: 'enjoy the drive',
  completed: 'thanks for driving with us',
  rejected: 'the host could not take this trip',
};

function SignedOut({ title }: { title: string }) {
  const prompt = useAuthPrompt();
  return (
    <main id="main" className="page page--narrow">
      <h1>{title}</h1>
      <p>Log in to see your trips.</p>
      <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
        Log in
      </button>
    </main>
  );
}

function Outcome({ trip }: { trip: Trip }) {
  if (isCancelled(trip.status))
    return (
      <div className="trip-outcome" data-testid="trip-cancelled">
        <p>
          {trip.cancelledBy === 'host' ? 'The host cancelled this trip' : trip.viewerRole === 'guest' ? 'You cancelled this trip' : 'The guest cancelled this trip'}
          {trip.cancelDate ? ` on ${formatInTimeZone(trip.cancelDate, trip.timeZone)}` : ''}.
        </p>
        {trip.refundAmount != null && (
          <p>
            Refund: <strong data-testid="trip-refund">{money(trip.refundAmount)}</strong>
          </p>
        )}
        {trip.cancelReason && <p className="muted">Reason: {trip.cancelReason}</p>}
      </div>
    );
  if (trip.status === 'rejected' && trip.rejectReason) return <p className="muted">The host said: {trip.rejectReason}</p>;
  return null;
}

/**
 * /bookings in the guest's view: without `tripId` the guest's trips; with it the trip page:
 * the summary card (car, renter, times in the car's zone, charges, invoice total), the status
 * and what can be done next, additional drivers, the delivery panel and the history.
 */
export default function TripRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  const session = useSession();
  const userId = userIdOf(session?.user);
  const trip = useTrip(session ? tripId : '');
  useEffect(() => {
    document.title = tripId ? (trip.data?.carName ? `${trip.data.carName} trip | Upcar` : 'Your trip | Upcar') : 'Your trips | Upcar';
  }, [tripId, trip.data?.carName]);
  const breakdown = trip.data?.priceDetails?.pricingBreakdown ?? [];
  const { refetch: refetchTrip } = trip;
  const refetch = useCallback(() => void refetchTrip(), [refetchTrip]);
  if (!session) return <SignedOut title={tripId ? 'Your trip' : 'Your trips'} />;
  if (!tripId)
    return (
      <main id="main" className="page page--narrow trip-page" data-testid="trips-page">
        <h1>Your trips</h1>
        <TripsList />
      </main>
    );
  const t = trip.data;
  const guest = Boolean(t && (t.viewerRole === 'guest' || (!t.viewerRole && t.userId === userId)));
  return (
    <main id="main" className="page page--narrow trip-page" data-testid="trip-page">
      <p>
        <Link to="/bookings">← All trips</Link>
      </p>
      <h1>Your trip</h1>
      {trip.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : trip.isError ? (
        <p role="alert">{errorMessage(trip.error, 'This trip could not be loaded.')}</p>
      ) : (
        <section className="panel" aria-labelledby="trip-car">
          <CarPhoto src={trip.data.carPhotoUrl} alt={trip.data.carName ?? 'Car'} />
          <h2 id="trip-car">
            <Link to={`/car/${encodeURIComponent(trip.data.carId)}`}>{trip.data.carName || 'The car'}</Link>
          </h2>
          {trip.data.status && (
            <p>
              {/* The status as the server names it (other pages' tests read it), the note in words. */}
              Status: <strong data-testid="trip-status">{trip.data.status.replace(/_/g, ' ')}</strong>
              {STATUS_NOTES[trip.data.status] && <span className="muted"> · {STATUS_NOTES[trip.data.status]}</span>}
            </p>
          )}
          <Outcome trip={trip.data} />
          {trip.data.viewerRole === 'driver' && (
            <p data-testid="trip-driver-note">You're an additional driver on this trip. Bring your driver's licence when you pick up the car.</p>
          )}
          {/* The other party: a guest is not told their own name. */}
          {trip.data.viewerRole !== 'driver' && <TripParty trip={trip.data} asGuest={guest} />}
          <p data-testid="trip-times">
            {formatInTimeZone(trip.data.startTime, trip.data.timeZone)} – {formatInTimeZone(trip.data.endTime, trip.data.timeZone)}
          </p>
          {trip.data.reservationNumber && <p>Reservation number: {trip.data.reservationNumber}</p>}
          {breakdown.length > 0 && (
            <>
              <h3>Charges</h3>
              <table className="breakdown">
                <tbody>
                  {breakdown.map((l, i) => (
                    <tr key={i} className={i === breakdown.length - 1 ? 'breakdown__total' : ''}>
                      <th scope="row">{l.label}</th>
                      <td>{money(l.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {trip.data.finalPrice != null && (
            <p>
              Invoice total: <strong>{money(trip.data.finalPrice)}</strong>
            </p>
          )}
        </section>
      )}
      {t && guest && <PaymentNote trip={t} userId={userId} onCardSaved={refetch} />}
      {t && <TripPickup trip={t} />}
      {t && (guest || t.viewerRole === 'driver') && <TripActionsPanel trip={t} userId={userId} />}
      {t && (t.viewerRole === 'host' || t.viewerRole === 'admin') && <HostTripActions trip={t} />}
      {t && guest && <AdditionalDrivers tripId={t.tripId} drivers={t.additionalDrivers ?? []} canInvite={tripActions(t, userId).drivers} timeZone={t.timeZone} />}
      {trip.isSuccess && <DeliveryPanel tripId={tripId} timeZone={trip.data.timeZone} />}
      {t && <TripHistory history={t.history ?? []} timeZone={t.timeZone} viewerIsGuest={t.viewerRole === 'guest'} />}
    </main>
  );
}
