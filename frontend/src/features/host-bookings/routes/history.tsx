import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { usePastTrips } from '@/api/get-host-past-trips';
import { BookingCard } from '../components/booking-card';
import { groupByMonth, pastTripText } from '../lib/past-trips';
import '../host-bookings.css';

/**
 * /bookings/history (spec 001 sections 2 and 4): the host's past trips grouped by the month and
 * year of their start, each opening its trip page in a new tab, with who cancelled and when or
 * when it ended.
 */
export default function HostHistoryRoute() {
  const session = useSession();
  const past = usePastTrips({ enabled: Boolean(session) });
  useEffect(() => {
    document.title = 'Past trips | Upcar';
  }, []);
  if (!session) return <Navigate to="/login-static?nextPage=/bookings/history" replace />;
  const groups = groupByMonth(past.data ?? []);
  return (
    <main id="main" className="page" data-testid="host-history">
      <div className="hb-head">
        <h1>Past trips</h1>
        <Link to="/bookings">Back to bookings</Link>
      </div>
      {past.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : past.isError ? (
        <p role="alert">Error: {errorMessage(past.error, 'Past trips could not be loaded.')}</p>
      ) : groups.length === 0 ? (
        <p data-testid="no-past-trips">
          No past trips found. <Link to="/bookings">Back to bookings</Link>
        </p>
      ) : (
        groups.map((g) => (
          <section key={g.key} className="hb-month" aria-label={g.label}>
            <h2>{g.label}</h2>
            <div className="hb-list">
              {g.trips.map((t) => (
                <BookingCard key={t.tripId} trip={t} extra={<p className="hb-past-note" data-testid="past-note">{pastTripText(t)}</p>} />
              ))}
            </div>
          </section>
        ))
      )}
    </main>
  );
}
