import { Link } from 'react-router';
import { useStartListing } from '../components/use-start-listing';
import { useDocumentTitle } from '../lib/use-document-title';
import '../listing.css';

/** The Fast Lane Program's terms (spec 001 section 9), each one line. */
export const FAST_LANE_TERMS = [
  '$300 per car per month, guaranteed for your first 2 months, with no mileage minimum.',
  'For hosts who list 2 to 5 cars.',
  'Cars of model year 2018 or newer.',
  'Cars with under 70,000 miles.',
  'Cars must stay listed and available all month.',
  'Each listing is reviewed and approved before it counts.',
  'Payouts are reviewed monthly.',
  'Insurance cover up to $1 million on every trip.',
];

/** `/host/incentives`: the 'Fast Lane Program' and its terms, and a way to start listing. */
export default function IncentivesRoute() {
  useDocumentTitle('Fast Lane Program | Upcar');
  const { start, pending, error, dialog } = useStartListing();
  return (
    <main id="main" className="page incentives" data-testid="incentives">
      <h1>Fast Lane Program</h1>
      <p className="host-landing__lead">Start hosting with guaranteed income: we pay you $300 per car per month for your first two months, whatever your cars earn.</p>
      <section className="panel incentives__terms" aria-labelledby="fast-lane-terms">
        <h2 id="fast-lane-terms">Program terms</h2>
        <ul data-testid="fast-lane-terms">
          {FAST_LANE_TERMS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
      <div className="listing-actions listing-actions--start">
        <button type="button" className="btn btn--primary" onClick={start} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Checking…' : 'List your car'}
        </button>
        <Link to="/host/become-host" className="btn btn--outline">
          Back to hosting
        </Link>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {dialog}
    </main>
  );
}
