import { Link } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import type { Trip } from '@/api/types';
import { useCurrentTrips, usePastTrips } from '../api/get-guest-trips';
import { isCancelled, statusLabel } from '../lib/trip-actions';

function TripCard({ trip }: { trip: Trip }) {
  return (
    <li className="trip-card" data-testid="trip-card" data-trip-id={trip.tripId}>
      <Link to={`/bookings?tripId=${encodeURIComponent(trip.tripId)}`} className="trip-card__link">
        <CarPhoto src={trip.carPhotoUrl} alt="" className="trip-card__photo" />
        <span className="trip-card__body">
          <strong className="trip-card__title">{trip.carName || 'Your trip'}</strong>
          <span>
            {formatInTimeZone(trip.startTime, trip.timeZone)} – {formatInTimeZone(trip.endTime, trip.timeZone)}
          </span>
          <span className={`trip-status trip-status--${trip.status}`}>{statusLabel(trip.status)}</span>
          {trip.viewerRole === 'driver' && <span className="muted">Additional driver</span>}
        </span>
      </Link>
    </li>
  );
}

function Section({ title, id, trips, empty }: { title: string; id: string; trips: Trip[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="trips-section" data-testid={id}>
      <h2 id={id}>{title}</h2>
      {trips.length ? (
        <ul className="trip-cards">
          {trips.map((t) => (
            <TripCard key={t.tripId} trip={t} />
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  );
}

/**
 * The guest's trips: under way and to come, then past, cancelled and declined ones (each list's
 * 404 `no_trips` is an empty list). With none at all: "Your trips will show here."
 */
export function TripsList() {
  const current = useCurrentTrips();
  const past = usePastTrips();
  if (current.isPending || past.isPending) return <Skeleton className="skeleton--block" />;
  if (current.isError || past.isError)
    return (
      <p role="alert" data-testid="trips-error">
        {errorMessage(current.error ?? past.error, 'Your trips could not be loaded.')}
      </p>
    );
  if (current.data.length === 0 && past.data.length === 0)
    return (
      <div className="empty" data-testid="trips-empty">
        <p>Your trips will show here.</p>
        <Link to="/search" className="btn btn--primary">
          Find a car
        </Link>
      </div>
    );
  // The past list holds cancelled and declined trips too: those are filed as what they are,
  // whatever their dates, never as trips that happened.
  const ended = past.data.filter((t) => !isCancelled(t.status) && t.status !== 'rejected');
  const called = past.data.filter((t) => isCancelled(t.status) || t.status === 'rejected');
  return (
    <>
      <Section title="Current and upcoming" id="trips-current" trips={current.data} empty="No trips under way or to come." />
      {called.length > 0 && <Section title="Cancelled and declined" id="trips-cancelled" trips={called} empty="" />}
      <Section title="Past trips" id="trips-past" trips={ended} empty="No past trips yet." />
    </>
  );
}
