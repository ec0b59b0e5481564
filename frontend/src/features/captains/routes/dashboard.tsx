import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CardSkeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDisplayDate, parseYmd, toYmd } from '@/lib/dates';
import { useTasks } from '../api/get-tasks';
import { TaskCard } from '../components/task-card';

/** The day asked for in `?date=` (yyyy-MM-dd), else today. */
export function dashboardDate(param: string | null, now = new Date()): string {
  return param && parseYmd(param) ? param : toYmd(now);
}

/** The day's tasks are asked again this often while the page is open (dispatch adds tasks). */
export const DASHBOARD_REFRESH_MS = 60_000;

/**
 * /captains/dashboard?date=: the captain's tasks of a day in route order (spec 001 section 2). The
 * date picker blocks past dates and replaces the URL. The list is asked again every minute
 * while the page is in front, and when the captain comes back to it, so a task dispatched
 * meanwhile shows without a reload.
 */
export default function CaptainDashboardRoute() {
  const [params, setParams] = useSearchParams();
  const today = toYmd(new Date());
  const date = dashboardDate(params.get('date'));
  const tasks = useTasks(date, { refetchInterval: DASHBOARD_REFRESH_MS, refetchOnWindowFocus: true });
  useEffect(() => {
    document.title = 'Your deliveries | Upcar captains';
  }, []);

  const choose = (value: string) => {
    // Past days cannot be chosen (the picker's min; typed dates are checked too).
    if (!parseYmd(value) || value < today) return;
    setParams({ date: value }, { replace: true });
  };

  const list = [...(tasks.data?.data ?? [])].sort((a, b) => a.routeOrder - b.routeOrder);
  const count = tasks.data?.count ?? list.length;

  return (
    <main id="main" className="page captain-page" data-testid="captain-dashboard">
      <div className="captain-page__head">
        <h1>Your deliveries</h1>
        <div className="field field--inline">
          <label htmlFor="captain-date" className="field__label">
            Date
          </label>
          <input id="captain-date" className="input input--date" type="date" min={today} value={date} onChange={(e) => choose(e.target.value)} />
        </div>
      </div>
      {tasks.isPending ? (
        <div className="task-list" aria-busy="true">
          <CardSkeleton />
          <CardSkeleton />
        </div>
      ) : tasks.isError ? (
        <div className="panel">
          <p role="alert">{errorMessage(tasks.error, 'Your tasks could not be loaded.')}</p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void tasks.refetch()}>
            Try again
          </button>
        </div>
      ) : count === 0 ? (
        <p className="empty" data-testid="no-tasks">
          No deliveries scheduled for this date
        </p>
      ) : (
        <>
          <h2 data-testid="task-count">
            {count} {count === 1 ? 'task' : 'tasks'} on {formatDisplayDate(date)}
          </h2>
          <ol className="task-list">
            {list.map((t) => (
              <li key={t.taskId}>
                <TaskCard task={t} date={date} />
              </li>
            ))}
          </ol>
        </>
      )}
    </main>
  );
}
