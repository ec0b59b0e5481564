import { Link } from 'react-router';

/** Where the booking gate sends a user who already has a trip over these dates. */
export default function UserTripsErrorRoute() {
  return (
    <main id="main" className="page page--narrow">
      <h1>User is not available.</h1>
      <p>You already have a trip during these dates. Choose other dates or check your bookings.</p>
      <Link to="/bookings" className="btn btn--primary">
        My bookings
      </Link>{' '}
      <Link to="/search" className="btn btn--outline">
        Search again
      </Link>
    </main>
  );
}
