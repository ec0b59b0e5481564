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

/** A table whose first column names the row and the others are numbers. */
function Table({ columns, rows }: { columns: string[]; rows: { key: string; cells: (string | number)[] }[] }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={i ? 'num' : undefined}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            {r.cells.map((c, i) => (
              <td key={i} className={i ? 'num' : undefined}>
                {typeof c === 'number' ? num(c) : c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Counts({ title, rows }: { title: string; rows: { name: string; count: number }[] }) {
  return (
    <section className="panel">
      <h2>{title}</h2>
      {rows.length === 0 ? <p className="muted">None.</p> : <Table columns={['Name', 'Events']} rows={rows.map((r) => ({ key: r.name, cells: [human(r.name), r.count] }))} />}
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
        <Table
          columns={['Step', 'Events', 'People', 'From the step before']}
          rows={a.funnel.map((f, i) => ({ key: f.step, cells: [human(f.step), f.events, f.actors, i === 0 ? '—' : pct(f.conversion)] }))}
        />
        <p className="field__hint">Searches are the web app's events; the later steps are the services' own, so a browser that blocks logging does not change them.</p>
      </section>
      <section className="panel" data-testid="analytics-daily">
        <h2>Daily active</h2>
        <Table columns={['Day', 'Signed-in users', 'Anonymous sessions']} rows={a.dailyActiveUsers.map((d) => ({ key: d.date, cells: [d.date, d.users, d.sessions] }))} />
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
