import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Trip, TripStatus } from '@/api/types';
import { setSession } from '@/lib/session';
import { trip } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import HostBookingsRoute from './host-bookings';
import HostHistoryRoute from './history';

const routes = [
  { path: '/bookings', element: <HostBookingsRoute /> },
  { path: '/bookings/history', element: <HostHistoryRoute /> },
  { path: '/login-static', element: <p>login page</p> },
];

function upcoming(trips: () => Trip[]) {
  server.use(
    http.get('*/v1/trips/getAllFutureBookingsForHostSortByDate', () => {
      const data = trips();
      if (!data.length) return HttpResponse.json({ error: 'no_trips', message: 'No future bookings found for this host' }, { status: 404 });
      return HttpResponse.json<Answer<'/v1/trips/getAllFutureBookingsForHostSortByDate', 'get'>>({ status: true, data });
    }),
  );
}

describe("the host's bookings", () => {
  it('accepts a request: the server is asked and the list read again shows the trip confirmed', async () => {
    setSession('host-token', { userId: 'h1' });
    let status: TripStatus = 'requested';
    upcoming(() => [trip({ tripId: 't1', status, message: 'Landing at 9' }), trip({ tripId: 't2', status: 'confirmed', carName: '2020 Honda Civic' })]);
    const accepted: string[] = [];
    server.use(
      http.post('*/v1/trips/acceptTrip/:id', ({ params }) => {
        accepted.push(String(params.id));
        status = 'confirmed';
        return HttpResponse.json<Answer<'/v1/trips/acceptTrip/{id}', 'post'>>({ status: true, message: 'Trip accepted', data: trip({ tripId: 't1', status }) });
      }),
    );
    renderRoutes(routes, '/bookings');
    const requests = await screen.findByRole('region', { name: /Requests to answer \(1\)/ });
    expect(within(requests).getByText('“Landing at 9”')).toBeInTheDocument();
    fireEvent.click(within(requests).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Requests to answer/ })).not.toBeInTheDocument());
    expect(accepted).toEqual(['t1']);
    const list = screen.getByRole('region', { name: 'Upcoming trips' });
    expect(within(list).getAllByTestId('host-booking')).toHaveLength(2);
  });

  it("declines with the reason typed, and shows the server's refusal", async () => {
    setSession('host-token', { userId: 'h1' });
    upcoming(() => [trip({ tripId: 't1', status: 'requested' })]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v1/trips/rejectTrip/:id', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: 'invalid_trip_status', message: 'This trip was cancelled by the guest.' }, { status: 409 });
      }),
    );
    renderRoutes(routes, '/bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Car in the shop  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to reject booking');
    expect(alert).toHaveTextContent('This trip was cancelled by the guest.');
    expect(bodies).toEqual([{ rejectReason: 'Car in the shop' }]);
  });

  it("says 'Failed to accept booking' when accepting fails, and 'Failed to reject booking' for declining", async () => {
    setSession('host-token', { userId: 'h1' });
    upcoming(() => [trip({ tripId: 't1', status: 'requested' })]);
    server.use(
      http.post('*/v1/trips/acceptTrip/:id', () => HttpResponse.error()),
      http.post('*/v1/trips/rejectTrip/:id', () => new HttpResponse('Bad gateway', { status: 502 })),
    );
    renderRoutes(routes, '/bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to accept booking$/);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Decline this request?' })).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to reject booking$/));
  });

  it('says there is nothing coming when the server answers 404', async () => {
    setSession('host-token', { userId: 'h1' });
    upcoming(() => []);
    renderRoutes(routes, '/bookings');
    expect(await screen.findByTestId('no-upcoming')).toHaveTextContent('No upcoming trips.');
  });
});

describe("the host's past trips", () => {
  it('groups them by month and says how each ended; a trip opens in a new tab', async () => {
    setSession('host-token', { userId: 'h1' });
    server.use(
      http.get('*/v1/host/getPastTripsForHost', () =>
        HttpResponse.json<Answer<'/v1/host/getPastTripsForHost', 'get'>>({
          status: true,
          data: [
            trip({ tripId: 'p1', status: 'completed', startTime: '2029-11-02T10:00:00-08:00', endTime: '2029-11-04T10:00:00-08:00' }),
            trip({ tripId: 'p2', status: 'cancelled_by_guest', isCancelled: true, cancelledBy: 'guest', firstName: 'Bo', lastName: 'Kim', startTime: '2029-10-02T10:00:00-07:00', cancelDate: '2029-09-30T17:00:00Z' }),
          ],
        }),
      ),
    );
    renderRoutes(routes, '/bookings/history');
    const nov = await screen.findByRole('region', { name: 'November 2029' });
    expect(within(nov).getByTestId('past-note')).toHaveTextContent('Ended on Nov 4, 2029');
    const oct = screen.getByRole('region', { name: 'October 2029' });
    expect(within(oct).getByTestId('past-note')).toHaveTextContent('Cancelled by Bo Kim on Sep 30, 2029');
    const link = within(oct).getByRole('link', { name: '2022 Toyota RAV4' });
    expect(link).toHaveAttribute('href', '/bookings?tripId=p2');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("shows 'No past trips found.' with a way back on a 404", async () => {
    setSession('host-token', { userId: 'h1' });
    server.use(http.get('*/v1/host/getPastTripsForHost', () => HttpResponse.json({ error: 'no_trips', message: 'No past trips found for this host' }, { status: 404 })));
    renderRoutes(routes, '/bookings/history');
    const empty = await screen.findByTestId('no-past-trips');
    expect(empty).toHaveTextContent('No past trips found.');
    expect(within(empty).getByRole('link', { name: 'Back to bookings' })).toHaveAttribute('href', '/bookings');
  });

  it('sends a visitor who is not signed in to the login page', async () => {
    renderRoutes(routes, '/bookings/history');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
