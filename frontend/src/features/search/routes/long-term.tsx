import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LONG_TERM_MIN_DAYS, longTermRange } from '@/lib/dates';
import { DEFAULT_PLACE, searchUrl } from '@/lib/links';
import { useIsMobile } from '@/lib/use-debounced';
import { SearchForm, type SearchDraft } from '../components/search-form';

/** /long-term-rental: 30 days and more, priced per month. The dates start at tomorrow through
 * 35 days later; on mobile the end follows the start by 30 days (spec 000 sections 4.1, 9). */
export default function LongTermRoute() {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  useEffect(() => {
    document.title = 'Long-term car rentals | Upcar';
  }, []);
  const initial: SearchDraft = { place: DEFAULT_PLACE, range: longTermRange() };
  const onSearch = (d: SearchDraft) =>
    navigate(searchUrl({ latitude: d.place.lat, longitude: d.place.lng, address: d.place.formatted_address, ...d.range }));
  return (
    <main id="main" className="page page--narrow" data-testid="long-term">
      <section className="long-term__hero">
        <h1>Rent for a month or more</h1>
        <p className="muted">Trips of {LONG_TERM_MIN_DAYS} days and more are priced per month, with up to 50% off the daily rate.</p>
        <SearchForm initial={initial} onSearch={onSearch} layout="modal" fixedDays={mobile ? LONG_TERM_MIN_DAYS : undefined} />
      </section>
      <section className="car-section" aria-labelledby="long-term-why">
        <h2 id="long-term-why">Why rent long-term with Upcar</h2>
        <ul className="long-term__points">
          <li>
            <strong>One monthly price.</strong> The search shows each car&apos;s price per month; the breakdown lists every discount before you book.
          </li>
          <li>
            <strong>Delivered to your door.</strong> Many hosts deliver and collect the car; the delivery fee is part of the checkout price before you book.
          </li>
          <li>
            <strong>Free cancellation.</strong> Cancel more than 24 hours before the start for a full refund.
          </li>
          <li>
            <strong>Verified hosts and guests.</strong> Every guest is verified before booking, and you choose your protection plan at checkout.
          </li>
        </ul>
      </section>
    </main>
  );
}
