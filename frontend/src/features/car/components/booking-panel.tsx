import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { TripFields } from '@/components/trip-fields';
import { combine, formatDateTime, freeCancellationDate, rangeError, type TripRange } from '@/lib/dates';
import { money } from '@/lib/format';
import { ApiError, serverMessage } from '@/lib/api-client';
import type { CarPage, PriceDetails } from '@/api/types';

type Props = {
  car: CarPage;
  range: TripRange;
  onRange: (r: TripRange) => void;
  price: { data?: PriceDetails; isPending: boolean; isError: boolean; error: unknown };
  isBlocked: (ymd: string) => boolean;
  onVisibleMonths: (m: { year: number; month: number }[]) => void;
  onContinue: () => void;
  busy: boolean;
  onFlag: () => void;
  mobile: boolean;
  /** Shown under Continue (what a taken car offers instead). */
  notice?: ReactNode;
};

export function continueState(car: Pick<CarPage, 'isOwnCar'>, dateError: string | null, pricePending: boolean, priceMissing: boolean, mobile: boolean): { disabled: boolean; label: string } {
  if (car.isOwnCar) return { disabled: true, label: mobile ? 'You cannot book your own car' : 'You can not book your own car' };
  return { disabled: Boolean(dateError) || pricePending || priceMissing, label: 'Continue' };
}

/** The price's failure (spec 000 section 8): the server's refusal, a call that failed, or no price at all. */
export function priceErrorText(err: unknown): string {
  // No answer at all (the network, an answer that is not JSON): the spec's exception text.
  if (!(err instanceof ApiError)) return 'An error occurred while fetching price details';
  // A pricing service that is not deployed (route_not_found) or is down reads as no price.
  if (err.status < 500 && err.code !== 'route_not_found') return serverMessage(err) ?? 'Failed to fetch price details';
  return 'Price not available';
}

export function BookingPanel({ car, range, onRange, price, isBlocked, onVisibleMonths, onContinue, busy, onFlag, mobile, notice }: Props) {
  const [breakdown, setBreakdown] = useState(false);
  const dateError = rangeError(range);
  const start = combine(range.fromDate, range.fromTime);
  const freeCancel = start ? freeCancellationDate(start) : null;
  const p = price.data;
  const planLine = p?.pricingBreakdown.find((l) => l.kind === 'protection');
  const cont = continueState(car, dateError, price.isPending && !dateError, !p, mobile);

  return (
    <aside className="booking-panel" aria-labelledby="booking-title">
      <h2 id="booking-title" className="sr-only">
        Book this car
      </h2>
      <TripFields value={range} onChange={onRange} isBlocked={isBlocked} onVisibleMonths={onVisibleMonths} months={mobile ? 2 : 1} />
      {dateError && (
        <p className="field__error" role="alert">
          {dateError}
        </p>
      )}
      <div className="booking-panel__price" aria-live="polite" data-testid="car-price">
        {dateError ? null : price.isPending ? (
          <Skeleton className="skeleton--price" />
        ) : p ? (
          <>
            <span className="booking-panel__total">{money(p.finalPrice)}</span>
            <span className="muted"> total</span>
            <button type="button" className="link-btn" onClick={() => setBreakdown(true)}>
              Price details
            </button>
            {/* The server prices the default checkout: its plan is in the total, as a line of its own. */}
            {planLine && (
              <small className="booking-panel__plan" data-testid="car-price-plan">
                Includes {p.protectionPlanType ?? 'the default'} protection ({money(planLine.amount)}) and taxes; you can change the plan at checkout.
              </small>
            )}
          </>
        ) : (
          <span className="muted" data-testid="price-unavailable">
            {price.isError ? priceErrorText(price.error) : 'Price not available'}
          </span>
        )}
      </div>
      <button type="button" className="btn btn--primary btn--block" disabled={cont.disabled || busy} onClick={onContinue} data-testid="continue">
        {busy ? 'Checking...' : cont.label}
      </button>
      {notice}
      <ul className="booking-panel__facts">
        {freeCancel && (
          <li>
            <strong>Free Cancellation</strong> before {formatDateTime(freeCancel)}
          </li>
        )}
        <li>
          <strong>Min Age Required:</strong> {car.minAgeRequired} years
        </li>
        {/* The server's message says "$0 due now" itself, with when the total is charged. */}
        {p?.canPayLater && (
          <li data-testid="pay-later">
            {!/\$0 due now/i.test(p.payLaterDateMessage) && <strong>$0 due now</strong>}
            {p.payLaterDateMessage && !/\$0 due now/i.test(p.payLaterDateMessage) ? ' · ' : ''}
            {p.payLaterDateMessage}
          </li>
        )}
        {p && (
          <li>
            <strong>Distance Included:</strong> {p.totalMilesIncluded.toLocaleString('en-US')} mi{p.pricePerMile ? `, then ${money(p.pricePerMile)}/mi` : ''}
          </li>
        )}
      </ul>
      <button type="button" className="link-btn" onClick={onFlag}>
        Flag This Ride
      </button>
      <Link to="/terms/cancellation" className="link">
        Cancellation Policy
      </Link>
      {breakdown && p && (
        <Modal title="Price details" onClose={() => setBreakdown(false)} size="sm">
          <table className="breakdown" data-testid="price-breakdown">
            <tbody>
              {p.pricingBreakdown.map((l, i) => (
                <tr key={`${l.label}-${i}`} className={i === p.pricingBreakdown.length - 1 ? 'breakdown__total' : ''}>
                  <th scope="row">
                    {l.label}
                    {l.explanation && <small className="muted">{l.explanation}</small>}
                  </th>
                  <td>{money(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Modal>
      )}
      {mobile && (
        <div className="sticky-bar" role="region" aria-label="Price and continue">
          <span>{p ? money(p.finalPrice) : price.isPending ? '…' : 'Price not available'}</span>
          <button type="button" className="btn btn--primary" disabled={cont.disabled || busy} onClick={onContinue}>
            {cont.label}
          </button>
        </div>
      )}
    </aside>
  );
}
