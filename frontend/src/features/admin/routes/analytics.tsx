import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { CardSkeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAnalytics, type Analytics } from '../api/analytics';
import { analyticsRange, isDay } from '../lib/ranges';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const num = (n: number) => n.toLocaleString('en-US');
const STEP: Record<string, string> = { search: 'Searched', car_viewed: 'Viewed a car', booking_started: 'Started a booking', trip_booked: 'Booked' };
const human = (s: string) => STEP[s] ?? s.replace(/_/g, ' ');

function Counts({ title, rows }: { title: string; rows: { name: string; count: number }[] }) {
  return (
    <section className="panel">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="num">
                Events
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <td>{human(r.name)}</td>
                <td className="num">{num(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Report({ a }: { a: Analytics }) {
  return (
    <>
      <p data-testid="analytics-total">
        <strong>{num(a.totalEvents)}</strong> events from {a.startDate} to {a.endDate} (UTC days)
      </p>
      <section className="panel" data-testid="analytics-funnel">
        <h2>Booking funnel</h2>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="num">
                Events
              </th>
              <th scope="col" className="num">
                People
              </th>
              <th scope="col" className="num">
                From the step before
              </th>
            </tr>
          </thead>
          <tbody>
            {a.funnel.map((f, i) => (
              <tr key={f.step}>
                <td>{human(f.step)}</td>
                <td className="num">{num(f.events)}</td>
                <td className="num">{num(f.actors)}</td>
                <td className="num">{i === 0 ? '—' : pct(f.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field__hint">Searches are the web app's events; the later steps are the services' own, so a browser that blocks logging does not change them.</p>
      </section>
      <section className="panel" data-testid="analytics-daily">
        <h2>Daily active</h2>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                Signed-in users
              </th>
              <th scope="col" className="num">
                Anonymous sessions
              </th>
            </tr>
          </thead>
          <tbody>
            {a.dailyActiveUsers.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td className="num">{num(d.users)}</td>
                <td className="num">{num(d.sessions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="admin-stats">
        <Counts title="By type" rows={a.countsByType} />
        <Counts title="By category" rows={a.countsByCategory} />
        <Counts title="By source" rows={a.countsBySource} />
      </div>
    </>
  );
}

/** /admin/analytics?startDate&endDate: the activity rollups of a range of UTC days. */
export default function AdminAnalyticsRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { startDate, endDate } = analyticsRange(params.get('startDate'), params.get('endDate'));
  const q = useAnalytics(startDate, endDate);
  useEffect(() => {
    document.title = 'Analytics | Upcar';
  }, []);
  const set = (key: 'startDate' | 'endDate', value: string) => {
    if (!isDay(value)) return;
    const next = { startDate, endDate, [key]: value };
    setParams(next, { replace: true });
  };
  return (
    <main id="main" className="page" data-testid="admin-analytics">
      <h1>Analytics</h1>
      <div className="admin-actions">
        <div className="field field--inline">
          <label className="field__label" htmlFor={`${id}-from`}>
            From
          </label>
          <input id={`${id}-from`} className="input" type="date" value={startDate} max={endDate} onChange={(e) => set('startDate', e.target.value)} />
        </div>
        <div className="field field--inline">
          <label className="field__label" htmlFor={`${id}-to`}>
            To
          </label>
          <input id={`${id}-to`} className="input" type="date" value={endDate} min={startDate} onChange={(e) => set('endDate', e.target.value)} />
        </div>
      </div>
      {q.isPending ? <CardSkeleton /> : q.isError ? <p role="alert">{errorMessage(q.error, 'The analytics could not be loaded.')}</p> : <Report a={q.data.data} />}
    </main>
  );
}
