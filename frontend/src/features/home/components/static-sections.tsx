import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

const QrCode = lazy(() => import('@/components/qr-code'));

const ROWS: [string, string, string][] = [
  ['Delivered to your door', 'Yes', 'Rarely'],
  ['Counter and queue', 'None', 'Usually'],
  ['Hidden fees', 'None', 'Often'],
  ['30+ day discount', 'Up to 50%', 'Small'],
  ['Verified community', 'Professionals only', 'Anyone'],
  ['Support', 'White-glove', 'Call centre'],
];

export function ComparisonTable() {
  return (
    <section className="section" aria-labelledby="compare-title">
      <h2 id="compare-title" className="section__title">
        Upcar vs traditional rentals
      </h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Comparison table">
        <table className="compare">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Feature</span>
              </th>
              <th scope="col">Upcar</th>
              <th scope="col">Traditional rental</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([f, a, b]) => (
              <tr key={f}>
                <th scope="row">{f}</th>
                <td>{a}</td>
                <td>{b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function GiveawayPromo() {
  return (
    <section className="section promo" aria-labelledby="giveaway-title">
      <h2 id="giveaway-title">Win with every trip</h2>
      <p>Complete a booking or refer friends to enter our prize giveaway.</p>
      <Link to="/giveaway" className="btn btn--outline">
        Terms and enroll
      </Link>
    </section>
  );
}

export function BuiltForProfessionals() {
  return (
    <section className="section" aria-labelledby="pro-title">
      <h2 id="pro-title" className="section__title">
        Built for Professionals
      </h2>
      <ul className="features-grid">
        <li>
          <strong>Verified members only</strong>
          <span>Every guest and host proves who they are.</span>
        </li>
        <li>
          <strong>Doorstep delivery</strong>
          <span>Home, office, airport or hotel.</span>
        </li>
        <li>
          <strong>No hidden fees</strong>
          <span>The price you see is the price you pay.</span>
        </li>
        <li>
          <strong>White-glove support</strong>
          <span>People who answer, Monday to Friday.</span>
        </li>
      </ul>
      <Link to="/aboutus" className="link">
        About us
      </Link>
    </section>
  );
}

export function LongTermPromo() {
  return (
    <section className="section promo promo--dark" aria-labelledby="lt-title">
      <h2 id="lt-title">Long-term rentals</h2>
      <p>Up to 50% off for rentals of 30 days or more, priced per month.</p>
      <Link to="/long-term-rental" className="btn btn--light">
        Explore long-term
      </Link>
    </section>
  );
}

export function BecomeHostBanner() {
  return (
    <section className="section promo" aria-labelledby="host-title">
      <h2 id="host-title">Become an Upper</h2>
      <p>Earn from your car while verified professionals drive it.</p>
      <Link to="/host/become-host" className="btn btn--primary">
        List your car
      </Link>
    </section>
  );
}

export function AppSection() {
  const origin = typeof location !== 'undefined' ? location.origin : '';
  return (
    <section className="section app-section" aria-labelledby="app-title">
      <h2 id="app-title" className="section__title">
        Get the app
      </h2>
      <p>Book, unlock and chat with your host from your phone. Available for Android and iOS.</p>
      <div className="app-section__codes">
        <Suspense fallback={<div className="qr qr--placeholder" />}>
          <figure>
            <QrCode value={`${origin}/app?platform=ios`} label="QR code for the iOS app" size={120} />
            <figcaption>iOS</figcaption>
          </figure>
          <figure>
            <QrCode value={`${origin}/app?platform=android`} label="QR code for the Android app" size={120} />
            <figcaption>Android</figcaption>
          </figure>
        </Suspense>
      </div>
    </section>
  );
}
