import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { addDays, toYmd } from '@/lib/dates';
import { setSession } from '@/lib/session';
import { captainTask } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { captainSession } from '../lib/captain-session';
import { captainRoutes } from './captain-routes';
import { DASHBOARD_REFRESH_MS, dashboardDate } from './dashboard';

const routes = [captainRoutes];

/** Answers `GET /tasks` with `tasks` and records each date asked and the token sent. */
function tasksAnswer(tasks: ReturnType<typeof captainTask>[]) {
  const asked: { date: string | null; auth: string | null }[] = [];
  server.use(
    http.get('*/v1/tasks', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date');
      asked.push({ date, auth: request.headers.get('authorization') });
      return HttpResponse.json<Answer<'/v1/tasks', 'get'>>({ status: true, date: date ?? '', count: tasks.length, data: tasks });
    }),
  );
  return asked;
}

const signIn = () => captainSession.set('cap-token', { firstName: 'Casey', role: 'captain' });

describe('the captain dashboard', () => {
  afterEach(() => vi.useRealTimers());
  it("asks for today's tasks by default, with the captain's token and never the guest's", async () => {
    signIn();
    setSession('guest-token', { userId: 'u1' });
    const asked = tasksAnswer([]);
    renderRoutes(routes, '/captains/dashboard');
    expect(await screen.findByText('No deliveries scheduled for this date')).toBeInTheDocument();
    expect(asked).toEqual([{ date: toYmd(new Date()), auth: 'Bearer cap-token' }]);
    expect(screen.queryByTestId('task-count')).not.toBeInTheDocument();
  });

  it('shows the count and a card per task in route order, each opening the task for that date', async () => {
    signIn();
    const date = toYmd(addDays(new Date(), 2));
    tasksAnswer([
      captainTask({ taskId: 'ret', routeOrder: 2, taskType: 'return_to_host', guestName: 'Bo K.', carMake: 'Honda', carModel: 'Civic', scheduledTime: '2030-01-10T22:30:00Z', status: 'in_progress', step: 'picked_up_from_guest', nextStep: 'delivered_to_host', pickupLocation: { street: '500 Market St', city: 'San Jose', state: 'CA', zip: '95113', latitude: 37.33, longitude: -121.89 }, deliveryLocation: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', latitude: 37.55, longitude: -121.99 } }),
      captainTask({ taskId: 'del', routeOrder: 1 }),
    ]);
    renderRoutes(routes, `/captains/dashboard?date=${date}`);
    expect(await screen.findByTestId('task-count')).toHaveTextContent(/^2 tasks on /);
    const cards = screen.getAllByTestId('task-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards.map((c) => within(c));
    expect(first.getByRole('heading', { name: 'Toyota RAV4' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Toyota RAV4' })).toHaveAttribute('src', 'https://photos.test/rav4.jpg');
    expect(first.getByText('Ada L.')).toBeInTheDocument();
    expect(first.getByTestId('task-time')).toHaveTextContent('10:00 AM PST');
    expect(first.getByText('1 Main St, Fremont, CA')).toBeInTheDocument();
    expect(first.getByText('500 Market St, San Jose, CA')).toBeInTheDocument();
    expect(first.getByText('Delivery to guest')).toBeInTheDocument();
    expect(first.getByTestId('task-status')).toHaveTextContent('Scheduled');
    expect(cards[0]).toHaveAttribute('href', `/captains/del?date=${date}`);
    expect(second.getByRole('heading', { name: 'Honda Civic' })).toBeInTheDocument();
    expect(second.getByText('Return to host')).toBeInTheDocument();
    expect(second.getByTestId('task-status')).toHaveTextContent('In progress');
    expect(second.getByTestId('task-time')).toHaveTextContent('2:30 PM PST');
    expect(cards[1]).toHaveAttribute('href', `/captains/ret?date=${date}`);
  });

  it('asks again every minute, so a task dispatched meanwhile shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const tasks = [captainTask({ taskId: 't-1', routeOrder: 1 })];
    const asked = tasksAnswer(tasks);
    renderRoutes(routes, '/captains/dashboard');
    expect(await screen.findByTestId('task-count')).toHaveTextContent('1 task');
    tasks.push(captainTask({ taskId: 't-2', routeOrder: 2, guestName: 'Rory Second' }));
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS);
    await waitFor(() => expect(screen.getByTestId('task-count')).toHaveTextContent('2 tasks'));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(new Set(asked.map((a) => a.date))).toEqual(new Set([toYmd(new Date())]));
  });

  it('says "1 task" for one', async () => {
    signIn();
    tasksAnswer([captainTask()]);
    renderRoutes(routes, '/captains/dashboard');
    expect(await screen.findByTestId('task-count')).toHaveTextContent(/^1 task on /);
  });

  it('blocks past dates in the picker and replaces the URL with a chosen date', async () => {
    signIn();
    const asked = tasksAnswer([]);
    const today = toYmd(new Date());
    const later = toYmd(addDays(new Date(), 3));
    const { router } = renderRoutes(routes, '/captains/dashboard');
    await screen.findByText('No deliveries scheduled for this date');
    const picker = screen.getByLabelText('Date');
    expect(picker).toHaveAttribute('min', today);
    expect(picker).toHaveValue(today);

    fireEvent.change(picker, { target: { value: toYmd(addDays(new Date(), -1)) } });
    expect(router.state.location.search).toBe('');

    fireEvent.change(picker, { target: { value: later } });
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${later}`));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(asked.map((a) => a.date)).toEqual([today, later]));
    expect(screen.getByLabelText('Date')).toHaveValue(later);
  });

  it('on a 401 clears the captain session (not the guest one) and goes to the captain login', async () => {
    signIn();
    setSession('guest-token', { userId: 'u1' });
    server.use(http.get('*/v1/tasks', () => HttpResponse.json({ error: 'token_expired', message: 'Token expired' }, { status: 401 })));
    const { router } = renderRoutes(routes, '/captains/dashboard?date=2030-01-10');
    expect(await screen.findByRole('heading', { name: 'Captain login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/captains/login');
    expect(localStorage.getItem('captainToken')).toBeNull();
    expect(localStorage.getItem('captainUser')).toBeNull();
    expect(localStorage.getItem('token')).toBe('guest-token');
  });

  it('sends a visitor without a captain session to the captain login', async () => {
    setSession('guest-token', { userId: 'u1' });
    const { router } = renderRoutes(routes, '/captains/dashboard');
    expect(await screen.findByRole('heading', { name: 'Captain login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/captains/login');
  });

  it('shows the server message when the day cannot be read', async () => {
    signIn();
    server.use(http.get('*/v1/tasks', () => HttpResponse.json({ error: 'service_unavailable', message: 'Tasks are unavailable right now.' }, { status: 503 })));
    renderRoutes(routes, '/captains/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tasks are unavailable right now.');
    expect(localStorage.getItem('captainToken')).toBe('cap-token');
  });
});

describe('dashboardDate', () => {
  it('takes a real yyyy-MM-dd date from the URL, else today', () => {
    const now = new Date(2030, 0, 10, 9);
    expect(dashboardDate('2030-02-01', now)).toBe('2030-02-01');
    expect(dashboardDate(null, now)).toBe('2030-01-10');
    expect(dashboardDate('2030-02-31', now)).toBe('2030-01-10');
    expect(dashboardDate('tomorrow', now)).toBe('2030-01-10');
  });
});
