import { Link } from 'react-router';
import { FIRST_TRIP_OFFER, LONG_TERM, MINIMUM_AGE } from '../lib/policy';
import { useTitle } from '../lib/use-title';
import '../pages.css';

const POINTS: { title: string; text: string }[] = [
  { title: 'Verified professionals only', text: 'Members join by invitation or with a work email or professional profile, and every guest verifies their licence and identity before a first trip.' },
  { title: 'Delivered to your door', text: 'Hosts and our captains bring the car to your home, office, airport or hotel, and collect it at the end.' },
  { title: 'No hidden fees', text: 'Every line of the price is shown, with why it is there, before you book.' },
  { title: 'Long-term made simple', text: `Rentals of ${LONG_TERM.minDays} days or more are priced per month, with up to ${LONG_TERM.maxDiscountPercent}% off.` },
  { title: 'White-glove support', text: 'Real people answer messages, tickets and calls, and follow your trip through.' },
  { title: 'On your phone', text: 'Book, check in and chat with your host from the app for Android and iOS.' },
];

/** /aboutus: what Upcar is (spec 002 section 1, spec 000 section 1), with links to list a car, search and help. */
export default function AboutRoute() {
  useTitle('About us');
  return (
    <main id="main" className="page pg-doc pg-doc--single">
      <h1>About Upcar</h1>
      <p className="pg-doc__lead">
        Upcar is a peer-to-peer car rental marketplace in the United States: professionals rent cars from the people who own them, delivered where they need them.
      </p>

      <section aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <p>
          Owners, whom we call Uppers, list their cars and set their rates. Guests search by place and dates, book, and drive. Upcar is the facilitator, not the rental company: we show the
          price, collect the payment, keep a commission and pay the owner. Captains deliver and collect cars for trips with delivery.
        </p>
        <p>Guests and owners are {MINIMUM_AGE} or older; cars are recent, registered, insured and photographed on all four sides.</p>
      </section>

      <section aria-labelledby="why-title">
        <h2 id="why-title">Why members choose Upcar</h2>
        <ul className="pg-about-points">
          {POINTS.map((p) => (
            <li key={p.title}>
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
        <p>
          New members: {FIRST_TRIP_OFFER}. Complete a booking or refer friends to enter our <Link to="/giveaway">prize giveaway</Link>.
        </p>
      </section>

      <section aria-labelledby="next-title">
        <h2 id="next-title">Get started</h2>
        <ul className="pg-about-links">
          <li>
            <Link to="/search" className="btn btn--primary">
              Find a car
            </Link>
          </li>
          <li>
            <Link to="/host/become-host" className="btn btn--outline">
              List your car
            </Link>
          </li>
          <li>
            <Link to="/help" className="btn btn--ghost">
              Help and contact
            </Link>
          </li>
        </ul>
      </section>
    </main>
  );
}
