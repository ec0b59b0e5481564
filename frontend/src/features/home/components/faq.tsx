import { useState } from 'react';
import { CANCELLATION, DRIVER, FEES, LISTING, TRIPS, TRIP_WINDOW } from '@/api/policy';
import { useMediaQuery } from '@/lib/use-debounced';

type QA = { q: string; a: string };

export const GUEST_FAQ: QA[] = [
  { q: 'What is the cancellation policy?', a: `Cancel ${CANCELLATION.fullRefundHoursBeforeStart} hours or more before the trip starts for a full refund. Cancellations within ${CANCELLATION.graceMinutesAfterBooking / 60} hour of booking are also fully refunded. Under ${CANCELLATION.fullRefundHoursBeforeStart} hours before the start you get a ${CANCELLATION.lateRefundPercent}% refund; after the start or for a no-show there is no refund.` },
  { q: 'How old do I need to be to rent?', a: `The minimum renter age is ${DRIVER.minimumAge}. Some hosts set a higher minimum age for their car; it is shown on the car page.` },
  { q: 'Which driving licence do I need?', a: 'A valid US driving licence. You upload the front, the back and a selfie once, before your first trip.' },
  { q: 'How do I pay?', a: 'Payment is in US dollars by major credit and debit cards. Many trips let you pay later: $0 is due when you book.' },
  { q: 'Can the car be delivered to me?', a: 'Yes. Many hosts deliver to your door, an airport or a hotel; choose a pickup location on the car page.' },
  { q: 'Is there a discount for long rentals?', a: `Trips of ${TRIP_WINDOW.longTermDays} days or more are priced per month, with discounts of up to ${TRIP_WINDOW.maxLongTermDiscountPercent}%.` },
];

export const UPPER_FAQ: QA[] = [
  { q: 'Who can list a car?', a: `Owners ${DRIVER.minimumAge} or older with a registered, insured car of model year ${LISTING.minModelYear} or newer, under ${LISTING.maxOdometerMilesExclusive.toLocaleString('en-US')} miles, with a clean title.` },
  { q: 'How do payouts work?', a: `Payouts are sent monthly once you are owed more than $${TRIPS.payoutMinimum}; smaller amounts roll over to the next month.` },
  { q: 'Who are my guests?', a: 'Upcar is for verified professionals only: every guest has verified their identity and licence.' },
  { q: 'Can I share the work with co-hosts?', a: 'Yes. Form a team and give each co-host only the permissions you choose.' },
  { q: 'What if a guest returns the car late?', a: `Late returns are charged by the terms: half a daily rate from ${FEES.lateGraceMinutes} minutes, a full daily rate plus fees from ${FEES.lateHalfDayUntilMinutes / 60} hours.` },
  { q: 'What happens if a guest cancels?', a: `Under ${CANCELLATION.fullRefundHoursBeforeStart} hours before the start you earn ${CANCELLATION.lateOwnerEarningsPercent}% of the trip; after the start you earn 100%.` },
];

/**
 * Two tabs of six questions; one question open at a time (the first by default, and again
 * after a tab change); small screens show 2 until Show More.
 */
export function Faq() {
  const [tab, setTab] = useState<'guest' | 'upper'>('guest');
  const [open, setOpen] = useState(0);
  const [more, setMore] = useState(false);
  const small = useMediaQuery('(max-width: 639.98px)');
  const items = tab === 'guest' ? GUEST_FAQ : UPPER_FAQ;
  const shown = small && !more ? items.slice(0, 2) : items;

  const switchTab = (t: 'guest' | 'upper') => {
    setTab(t);
    setOpen(0);
  };

  return (
    <section className="section" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section__title">
        Frequently asked questions
      </h2>
      <div className="tabs" role="tablist" aria-label="FAQ audience">
        <button type="button" role="tab" id="faq-tab-guest" aria-selected={tab === 'guest'} aria-controls="faq-panel" className={`tab ${tab === 'guest' ? 'is-active' : ''}`} onClick={() => switchTab('guest')}>
          Guest
        </button>
        <button type="button" role="tab" id="faq-tab-upper" aria-selected={tab === 'upper'} aria-controls="faq-panel" className={`tab ${tab === 'upper' ? 'is-active' : ''}`} onClick={() => switchTab('upper')}>
          Upper
        </button>
      </div>
      <div id="faq-panel" role="tabpanel" aria-labelledby={`faq-tab-${tab}`} className="faq">
        {shown.map((item, i) => (
          <div key={item.q} className="faq__item">
            <h3 className="faq__q">
              <button type="button" aria-expanded={open === i} aria-controls={`faq-a-${i}`} onClick={() => setOpen(open === i ? -1 : i)}>
                {item.q}
              </button>
            </h3>
            <div id={`faq-a-${i}`} className="faq__a" hidden={open !== i}>
              <p>{item.a}</p>
            </div>
          </div>
        ))}
        {small && !more && (
          <button type="button" className="btn btn--outline" onClick={() => setMore(true)}>
            Show More
          </button>
        )}
        <p className="faq__help">
          More answers in the <a href="/help">help center</a>.
        </p>
      </div>
    </section>
  );
}
