import { Link } from 'react-router';
import { CANCELLATION as C } from '../lib/policy';
import { useTitle } from '../lib/use-title';
import '../pages.css';

/** The guest's cancellation tiers (spec 002 section 9), in the order they are checked. */
export const GUEST_TIERS: { when: string; refund: string; owner: string }[] = [
  { when: `Within ${C.graceHoursAfterBooking} hour of booking`, refund: 'Full refund', owner: 'Nothing' },
  { when: `More than ${C.fullRefundHoursBeforeStart} hours before the start`, refund: 'Full refund', owner: 'Nothing' },
  { when: `${C.fullRefundHoursBeforeStart} hours or less before the start`, refund: `${C.lateRefundPercent}% refund`, owner: `${C.lateOwnerEarningsPercent}% of the trip` },
  { when: 'After the start, or a no-show', refund: 'No refund', owner: `${C.afterStartOwnerEarningsPercent}% of the trip` },
];

/** /terms/cancellation: the cancellation policy, stated as the terms' constants say. */
export default function CancellationRoute() {
  useTitle('Cancellation policy');
  return (
    <main id="main" className="page pg-doc pg-doc--single">
      <h1>Cancellation policy</h1>
      <p className="pg-doc__lead">
        Cancel more than {C.fullRefundHoursBeforeStart} hours before your trip starts, or within {C.graceHoursAfterBooking} hour of booking, and you get everything back.
      </p>

      <section aria-labelledby="guest-cancels">
        <h2 id="guest-cancels">When a guest cancels</h2>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Refunds and earnings by when the guest cancels">
          <table className="pg-policy-table" data-testid="guest-tiers">
            <caption className="sr-only">Refund to the guest and earnings of the owner by when the guest cancels</caption>
            <thead>
              <tr>
                <th scope="col">When you cancel</th>
                <th scope="col">Your refund</th>
                <th scope="col">The owner earns</th>
              </tr>
            </thead>
            <tbody>
              {GUEST_TIERS.map((t) => (
                <tr key={t.when}>
                  <th scope="row">{t.when}</th>
                  <td>{t.refund}</td>
                  <td>{t.owner}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul>
          <li>
            A cancellation within {C.graceHoursAfterBooking} hour of booking is free whenever the trip starts, even if it starts within {C.fullRefundHoursBeforeStart} hours.
          </li>
          <li>&ldquo;More than {C.fullRefundHoursBeforeStart} hours&rdquo; is strict: cancelling exactly {C.fullRefundHoursBeforeStart} hours before the start refunds {C.lateRefundPercent}%.</li>
          <li>
            The car page and checkout show a free cancellation date when the trip starts {C.fullRefundHoursBeforeStart} hours or more after booking: it is {C.fullRefundHoursBeforeStart}{' '}
            hours before the start.
          </li>
          <li>Not showing up for a trip counts as cancelling after the start: no refund.</li>
        </ul>
      </section>

      <section aria-labelledby="host-cancels">
        <h2 id="host-cancels">When a host cancels</h2>
        <p>The guest is refunded in full, whenever the host cancels.</p>
        <p>
          Hosts are held to a cancellation rate: their cancellations over their bookings. Up to {C.hostPenaltyBandPercent}% is in good standing; above {C.hostPenaltyBandPercent}% the host is in
          the penalty band; the threshold is {C.hostThresholdPercent}%, above which Upcar may suspend the host&apos;s listings.
        </p>
      </section>

      <section aria-labelledby="disputes">
        <h2 id="disputes">Disputes and payouts</h2>
        <p>
          A cancellation can be disputed within {C.disputeHoursAfterCancellation} hours of it, through the <Link to="/help">help page</Link>. The owner&apos;s earnings from a cancelled trip are
          paid out and become final {C.payoutFinalHoursAfterCancellation} hours after the cancellation.
        </p>
        <p>
          See also section 7 of the <Link to="/terms/conditions#cancellation-of-a-rental">terms and conditions</Link>.
        </p>
      </section>
    </main>
  );
}
