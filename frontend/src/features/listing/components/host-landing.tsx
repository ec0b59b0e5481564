import { useState } from 'react';
import { Link } from 'react-router';
import { SLIDER_FLOOR } from '../lib/earnings';
import { EarningsSlider } from './earnings-slider';
import { useStartListing } from './use-start-listing';

/** The marketing claims of the host landing (spec 001 section 1). */
const CLAIMS = [
  { title: 'Guaranteed income', text: 'Guaranteed earnings for your first two months with the Fast Lane Program.' },
  { title: 'Reduced platform fees', text: 'Keep more of every trip with our lower host fees.' },
  { title: 'Verified renters only', text: 'Every guest is verified before they can book your car.' },
  { title: 'Insurance up to $1 million', text: 'Every trip is covered by insurance of up to $1 million.' },
  { title: 'Delivery by our own team', text: 'Our captains deliver your car to guests and bring it back.' },
];

/** `/host/become-host` without a step: the earnings slider, the claims, List your car and the incentives. */
export function HostLanding() {
  const [months, setMonths] = useState(SLIDER_FLOOR + 2);
  const { start, pending, error, dialog } = useStartListing();
  return (
    <main id="main" className="host-landing" data-testid="host-landing">
      <section className="host-landing__hero">
        <div className="host-landing__inner">
          <h1>Earn money with your car</h1>
          <p className="host-landing__lead">List your car on Upcar and rent it to verified professionals. We handle the guests, the delivery and the insurance.</p>
          <EarningsSlider value={months} onChange={setMonths} />
          <div className="listing-actions listing-actions--start">
            <button type="button" className="btn btn--primary" onClick={start} disabled={pending} aria-busy={pending || undefined}>
              {pending ? 'Checking…' : 'List your car'}
            </button>
            <Link to="/host/incentives" className="btn btn--outline">
              View Incentives Program
            </Link>
          </div>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="why-host">
        <h2 id="why-host" className="section__title">
          Why host with Upcar
        </h2>
        <ul className="host-claims">
          {CLAIMS.map((c) => (
            <li key={c.title} className="panel">
              <h3>{c.title}</h3>
              <p className="muted">{c.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="section__title">
          How listing works
        </h2>
        <ol className="host-how">
          <li>Tell us where the car is and enter its VIN.</li>
          <li>Choose when it can be booked, its features and its daily price.</li>
          <li>Add photos and submit: our team reviews each listing before it goes live.</li>
        </ol>
      </section>
      {dialog}
    </main>
  );
}
