import { Link } from 'react-router';
import type { Schemas } from '@/api/types';
import { formatDisplayDate, to24h, type TripRange } from '@/lib/dates';
import { money } from '@/lib/format';

export type Alternatives = Schemas['Alternatives'];
type FreeWindow = Schemas['FreeWindow'];

/** A free window as a trip range of the page. */
export function rangeOf(w: FreeWindow): TripRange {
  return { fromDate: w.startDate, fromTime: w.startTime, untilDate: w.endDate, untilTime: w.endTime };
}

/** The page of another car, for the same dates and times (the car URL's 24-hour form). */
export function otherCarHref(carId: string, r: TripRange): string {
  const q = new URLSearchParams({ fromDate: r.fromDate, fromTime: to24h(r.fromTime) ?? '10:00', untilDate: r.untilDate, untilTime: to24h(r.untilTime) ?? '10:00' });
  return `/car/${encodeURIComponent(carId)}?${q.toString()}`;
}

const windowText = (w: FreeWindow) => `${formatDisplayDate(w.startDate)}, ${w.startTime} – ${formatDisplayDate(w.endDate)}, ${w.endTime}`;

/**
 * What a taken car offers instead (the 409 `car_not_available` answer): the nearest free dates
 * of the same length for this car, which replace the chosen ones, and comparable cars free for
 * the chosen dates.
 */
export function AlternativesPanel({ alternatives, range, onPick }: { alternatives: Alternatives; range: TripRange; onPick: (r: TripRange) => void }) {
  const { sameCar, otherCars } = alternatives;
  return (
    <section className="panel alternatives" aria-labelledby="alternatives-title" data-testid="alternatives">
      <h3 id="alternatives-title">This car is taken for these dates</h3>
      {sameCar.length > 0 && (
        <>
          <p className="muted">The nearest free dates of the same length:</p>
          <ul className="alternatives__list">
            {sameCar.map((w) => (
              <li key={`${w.startDate}-${w.startTime}`}>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => onPick(rangeOf(w))}>
                  {windowText(w)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {otherCars.length > 0 && (
        <>
          <p className="muted">Similar cars free for your dates:</p>
          <ul className="alternatives__list">
            {otherCars.map((c) => (
              <li key={c.carId}>
                <Link className="link" to={otherCarHref(c.carId, range)}>
                  {c.carYear} {c.make} {c.model}
                </Link>
                <span className="muted">
                  {' '}
                  · {c.distance.toFixed(1)} mi · {money(c.finalPriceBeforeTax)} before taxes
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {sameCar.length === 0 && otherCars.length === 0 && <p className="muted">No free dates or similar cars nearby: try other dates.</p>}
    </section>
  );
}
