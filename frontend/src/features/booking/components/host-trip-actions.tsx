import { Link } from 'react-router';
import type { Trip } from '@/api/types';
import { hostTripActions } from '../lib/trip-actions';

/**
 * The trip page in the host's view: what the car's host can do next. Incidentals (fuel, tolls,
 * cleaning, a late return...) are charged on the trip-care page, while the trip is under way and
 * for 48 hours after the car is returned.
 */
export function HostTripActions({ trip, now }: { trip: Trip; now?: Date }) {
  const a = hostTripActions(trip, now);
  const id = `?tripId=${encodeURIComponent(trip.tripId)}`;
  return (
    <section className="panel trip-actions" aria-labelledby="host-actions-title" data-testid="host-trip-actions">
      <h2 id="host-actions-title">What's next</h2>
      {a.incidentals ? (
        <>
          <p className="muted">Charge what the trip left to pay (fuel, tolls, cleaning, a late return...) until 48 hours after the car is returned; the guest accepts and pays.</p>
          <div className="trip-actions__buttons">
            <Link to={`/trip/incidentals${id}`} className="btn btn--outline btn--sm" data-testid="action-host-incidentals">
              Incidentals
            </Link>
          </div>
        </>
      ) : (
        <p className="muted">Nothing to do on this trip.</p>
      )}
    </section>
  );
}
