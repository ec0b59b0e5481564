import { useEffect, useId, useState } from 'react';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/format';
import { usePerformance, type Performance } from '../api/get-performance';

export const PERIODS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 365 days' },
];

/** A rate as the server gives it (percent, two decimals), or a dash when there is nothing to measure. */
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(v % 1 === 0 ? 0 : 2)}%`);
const minutes = (v: number | null | undefined) => {
  if (v === null || v === undefined) return '—';
  if (v < 60) return `${Math.round(v)} min`;
  const h = Math.floor(v / 60);
  const m = Math.round(v % 60);
  return m ? `${h} h ${m} min` : `${h} h`;
};

/** What the cancellation status means against the terms' 4 % threshold and 2 % penalty band. */
export function cancellationNote(p: Pick<Performance, 'cancellationStatus' | 'cancellationThreshold' | 'cancellationPenaltyBand' | 'cancellationRate'>): string {
  const band = `${p.cancellationPenaltyBand}%`;
  const limit = `${p.cancellationThreshold}%`;
  if (p.cancellationRate === null || p.cancellationRate === undefined) return `No bookings to measure yet. Keep host cancellations at or under ${band} of bookings.`;
  switch (p.cancellationStatus) {
    case 'good':
      return `Good: your cancellations are within ${band} of bookings.`;
    case 'warning':
      return `Warning: your cancellations are over ${band} of bookings, in the penalty band up to ${limit}.`;
    case 'over':
      return `Over the limit: your cancellations are above the ${limit} threshold, and penalties apply.`;
    default:
      return p.cancellationStatus;
  }
}

/** /host/performance: bookings, earnings, occupancy, response and cancellations over a period. */
export default function PerformanceRoute() {
  const id = useId();
  const [days, setDays] = useState(30);
  const perf = usePerformance(days);
  useEffect(() => {
    document.title = 'Performance | Upcar';
  }, []);
  const p = perf.data?.data;
  return (
    <main id="main" className="page host-page">
      <div className="host-section__head">
        <h1>Performance</h1>
        <div className="field field--inline">
          <label className="field__label" htmlFor={`${id}-period`}>
            Period
          </label>
          <select id={`${id}-period`} className="input input--sm" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((o) => (
              <option key={o.days} value={o.days}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {perf.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : perf.isError ? (
        <p role="alert">{errorMessage(perf.error, 'Your performance could not be loaded.')}</p>
      ) : (
        p && (
          <>
            <dl className="host-stats" data-testid="stats">
              <div>
                <dt>Bookings</dt>
                <dd>{p.bookings}</dd>
              </div>
              <div>
                <dt>Trips completed</dt>
                <dd>{p.tripsCompleted}</dd>
              </div>
              <div>
                <dt>Earnings</dt>
                <dd>{money(p.earnings)}</dd>
              </div>
              <div>
                <dt>Occupancy</dt>
                <dd data-testid="occupancy">{pct(p.occupancyRate)}</dd>
              </div>
              <div>
                <dt>Response rate</dt>
                <dd data-testid="response-rate">{pct(p.responseRate)}</dd>
              </div>
              <div>
                <dt>Response time</dt>
                <dd>{minutes(p.responseTimeMinutes)}</dd>
              </div>
              <div>
                <dt>Requests</dt>
                <dd>{p.requests}</dd>
              </div>
              <div>
                <dt>Cars on the platform</dt>
                <dd>{p.carsOnPlatform}</dd>
              </div>
            </dl>
            <section className={`panel host-section host-cancel host-cancel--${p.cancellationStatus}`} aria-labelledby="cancel-h">
              <h2 id="cancel-h">Cancellations</h2>
              <p>
                Cancellation rate: <strong data-testid="cancellation-rate">{pct(p.cancellationRate)}</strong>
              </p>
              <p data-testid="cancellation-note">{cancellationNote(p)}</p>
            </section>
          </>
        )
      )}
    </main>
  );
}
