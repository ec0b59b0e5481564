import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuthPrompt, useSession } from '@/lib/auth';

type Props = {
  title: string;
  /** The tab's title. */
  documentTitle: string;
  tripId: string;
  children: ReactNode;
  testId?: string;
};

/** The trip's page, for a link back. */
export const tripPath = (tripId: string) => `/bookings?tripId=${encodeURIComponent(tripId)}`;

/**
 * The frame of each trip-care page: its heading and tab title, the link back to the trip, and
 * what a visitor sees instead of the page when the trip id is missing or nobody is signed in
 * (every call here needs the token).
 */
export function CarePage({ title, documentTitle, tripId, children, testId }: Props) {
  const session = useSession();
  const prompt = useAuthPrompt();
  useEffect(() => {
    document.title = `${documentTitle} | Upcar`;
  }, [documentTitle]);
  return (
    <main id="main" className="page page--narrow trip-care" data-testid={testId}>
      {tripId && (
        <p className="trip-care__back">
          <Link to={tripPath(tripId)}>← Back to the trip</Link>
        </p>
      )}
      <h1>{title}</h1>
      {!tripId ? (
        <p role="alert">
          This link is incomplete: it names no trip. Open the trip from <Link to="/bookings">your bookings</Link>.
        </p>
      ) : !session ? (
        <div className="panel trip-care__signin">
          <p>Log in to see this trip.</p>
          <div className="trip-care__actions">
            <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
              Log in
            </button>
            <button type="button" className="btn btn--outline" onClick={() => prompt.open('signup')}>
              Sign up
            </button>
          </div>
        </div>
      ) : (
        children
      )}
    </main>
  );
}
