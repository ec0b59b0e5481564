import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Schemas } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { adminRoutes } from './admin-routes';
import { analyticsRange, pageParam } from '../lib/ranges';

const admin = () => setSession('admin-token', { userId: 'a1', role: 'admin', firstName: 'Ari' });

/** A review queue of `cars`; records the decisions and answers them (or refuses with `refuse`). */
function queue(cars: Schemas['CarListing'][], refuse?: { status: number; error: string; message: string }) {
  const decisions: { id: string; action: string; body: unknown; auth: string | null }[] = [];
  let left = [...cars];
  server.use(
    http.get('*/v1/admin/cars/pending', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      return HttpResponse.json<Answer<'/v1/admin/cars/pending', 'get'>>({ status: true, data: left, page, limit: 20, total: left.length, totalPages: left.length ? 1 : 0 });
    }),
    http.post('*/v1/admin/cars/:id/:action', async ({ params, request }) => {
      const body = params.action === 'reject' ? await request.json() : null;
      decisions.push({ id: String(params.id), action: String(params.action), body, auth: request.headers.get('authorization') });
      if (refuse) return HttpResponse.json({ error: refuse.error, message: refuse.message }, { status: refuse.status });
      const car = left.find((c) => c._id === params.id)!;
      left = left.filter((c) => c._id !== params.id);
      const message = params.action === 'approve' ? 'The listing is approved and the car is live.' : 'The listing is rejected; its host can change it and send it again.';
      return HttpResponse.json<Answer<'/v1/admin/cars/{id}/approve', 'post'>>({ status: true, message, data: { ...car, status: params.action === 'approve' ? 'active' : 'rejected' } });
    }),
  );
  return decisions;
}

describe('the team pages', () => {
  it('ask a visitor to log in and tell a member without the admin role that the pages are not for them', async () => {
    const { unmount } = renderRoutes(adminRoutes, '/admin/listings');
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeInTheDocument();
    unmount();
    setSession('tok', { userId: 'u1', role: 'user' });
    renderRoutes(adminRoutes, '/admin/listings');
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeInTheDocument();
    expect(screen.queryByTestId('admin-listings')).not.toBeInTheDocument();
  });

  it('list the listings waiting for review; Approve sends the decision with the admin token and the car leaves the queue', async () => {
    admin();
    const decisions = queue([
      hostListing({ _id: 'car-1', status: 'pending', submittedAt: '2026-11-20T10:00:00Z', vin: '5YJ3E1EA0KF000001' }),
      hostListing({ _id: 'car-2', status: 'pending', make: 'Toyota', model: 'Camry', carYear: 2022, trim: 'SE' }),
    ]);
    renderRoutes(adminRoutes, '/admin');
    expect(await screen.findByTestId('admin-queue-count')).toHaveTextContent('2 listings waiting, oldest first');
    const cards = screen.getAllByTestId('pending-listing');
    expect(within(cards[0]).getByRole('heading')).toHaveTextContent('2023 Hyundai Ioniq 5');
    expect(cards[0]).toHaveTextContent('5YJ3E1EA0KF000001');
    expect(cards[0]).toHaveTextContent('$92.00');
    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Approve the 2023 Hyundai Ioniq 5' }));
    expect(await screen.findByText('The listing is approved and the car is live.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-listing')).toHaveLength(1));
    expect(decisions).toEqual([{ id: 'car-1', action: 'approve', body: null, auth: 'Bearer admin-token' }]);
  });

  it('reject only with a reason, which is sent; the server refusing shows its message', async () => {
    admin();
    const decisions = queue([hostListing({ _id: 'car-2', status: 'pending', make: 'Toyota', model: 'Camry', carYear: 2022, trim: undefined })]);
    renderRoutes(adminRoutes, '/admin/listings');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject the 2022 Toyota Camry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this listing?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why, so the host can fix it.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most 1000 characters.');
    expect(decisions).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  The photos show another car.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('admin-queue-empty')).toHaveTextContent('No listings are waiting for review.');
    expect(decisions).toEqual([{ id: 'car-2', action: 'reject', body: { reason: 'The photos show another car.' }, auth: 'Bearer admin-token' }]);
  });

  it("shows the server's refusal of a decision", async () => {
    admin();
    queue([hostListing({ _id: 'car-3', status: 'pending' })], { status: 409, error: 'listing_not_pending', message: 'This listing is not waiting for review.' });
    renderRoutes(adminRoutes, '/admin/listings');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve the 2023 Hyundai Ioniq 5' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This listing is not waiting for review.');
  });

  it('show the analytics of the range asked for: totals, the funnel with its conversions, the daily actives and the counts', async () => {
    admin();
    const asked: string[] = [];
    server.use(
      http.get('*/v1/activity/analytics', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('startDate')}..${q.get('endDate')}`);
        return HttpResponse.json<Answer<'/v1/activity/analytics', 'get'>>({
          status: true,
          data: {
            startDate: q.get('startDate')!,
            endDate: q.get('endDate')!,
            totalEvents: 1234,
            countsByType: [{ name: 'page_view', count: 1000 }, { name: 'car_viewed', count: 200 }],
            countsByCategory: [{ name: 'navigation', count: 1000 }],
            countsBySource: [{ name: 'client', count: 1100 }, { name: 'server', count: 134 }],
            dailyActiveUsers: [
              { date: '2026-11-01', users: 3, sessions: 10 },
              { date: '2026-11-02', users: 0, sessions: 0 },
            ],
            funnel: [
              { step: 'search', events: 100, actors: 40, conversion: 1 },
              { step: 'car_viewed', events: 50, actors: 30, conversion: 0.5 },
              { step: 'booking_started', events: 10, actors: 8, conversion: 0.2 },
              { step: 'trip_booked', events: 4, actors: 4, conversion: 0.4 },
            ],
          },
        });
      }),
    );
    renderRoutes(adminRoutes, '/admin/analytics?startDate=2026-11-01&endDate=2026-11-02');
    expect(await screen.findByTestId('analytics-total')).toHaveTextContent('1,234 events from 2026-11-01 to 2026-11-02');
    const funnel = within(screen.getByTestId('analytics-funnel'));
    expect(funnel.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'StepEventsPeopleFrom the step before',
      'Searched10040—',
      'Viewed a car503050.0 %',
      'Started a booking10820.0 %',
      'Booked4440.0 %',
    ]);
    expect(within(screen.getByTestId('analytics-daily')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('page view')).toBeInTheDocument();
    expect(asked).toEqual(['2026-11-01..2026-11-02']);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-25' } });
    await waitFor(() => expect(asked).toContain('2026-10-25..2026-11-02'));
  });
});

describe('the ranges and pages read from the URL', () => {
  it('default to the last 7 UTC days and keep real days', () => {
    const now = new Date('2026-11-28T01:30:00Z');
    expect(analyticsRange(null, null, now)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
    expect(analyticsRange('2026-10-01', '2026-10-31', now)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(analyticsRange('nope', '2026-10-31', now)).toEqual({ startDate: '2026-10-25', endDate: '2026-10-31' });
    expect(pageParam('3')).toBe(3);
    for (const bad of [null, '0', '-1', '1.5', 'x']) expect(pageParam(bad)).toBe(1);
  });
});
