import { useEffect } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useUpcomingBookings } from '@/api/get-host-upcoming-bookings';
import { BookingCard } from '../components/booking-card';
import { RequestActions } from '../components/request-actions';
import { splitUpcoming } from '../lib/past-trips';
import '../host-bookings.css';

/**
 * /bookings in the host view (spec 001 section 2): the host's landing page. Requests wait for
 * an answer at the top; below, the upcoming trips of the host's cars and of the team cars the
 * host co-hosts, soonest first. A trip opens its page in a new tab.
 */
export default function HostBookingsRoute() {
  const bookings = useUpcomingBookings();
  useEffect(() => {
    document.title = 'Bookings | Upcar';
  }, []);
  const { requests, upcoming } = splitUpcoming(bookings.data ?? []);
  return (
    <main id="main" className="page" data-testid="host-bookings">
      <div className="hb-head">
        <h1>Bookings</h1>
        <Link to="/bookings/history">Past trips</Link>
      </div>
      {bookings.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : bookings.isError ? (
        <p role="alert">Error: {errorMessage(bookings.error, 'Your bookings could not be loaded.')}</p>
      ) : (
        <>
          {requests.length > 0 && (
            <section className="hb-section" aria-labelledby="hb-requests">
              <h2 id="hb-requests">Requests to answer ({requests.length})</h2>
              <div className="hb-list">
                {requests.map((t) => (
                  <BookingCard key={t.tripId} trip={t} extra={t.message ? <p className="hb-message">“{t.message}”</p> : null}>
                    <RequestActions trip={t} />
                  </BookingCard>
                ))}
              </div>
            </section>
          )}
          <section className="hb-section" aria-labelledby="hb-upcoming">
            <h2 id="hb-upcoming">Upcoming trips</h2>
            {upcoming.length === 0 ? (
              <p data-testid="no-upcoming">
                No upcoming trips. <Link to="/host/listings">Manage your listings</Link>
              </p>
            ) : (
              <div className="hb-list">
                {upcoming.map((t) => (
                  <BookingCard key={t.tripId} trip={t} />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </main>
  );
}
