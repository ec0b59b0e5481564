import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer, Trip } from '@/api/types';
import { trip } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import TripRoute from './trip';

const routes = [
  { path: '/bookings', element: <TripRoute /> },
  { path: '/update-trip', element: <p>update page</p> },
  { path: '/trip/check-in', element: <p>check-in page</p> },
];
const noTrips = (message: string) => HttpResponse.json({ error: 'no_trips', message }, { status: 404 });

function lists(current: Trip[] | null, past: Trip[] | null) {
  server.use(
    http.get('*/v1/trips/getInProgressAndFutureTrips', () => (current ? HttpResponse.json<Answer<'/v1/trips/getInProgressAndFutureTrips', 'get'>>({ status: true, data: current }) : noTrips('No trips found'))),
    http.get('*/v1/trips/getAllPastTripsForUserSortByDate', () => (past ? HttpResponse.json<Answer<'/v1/trips/getAllPastTripsForUserSortByDate', 'get'>>({ status: true, data: past }) : noTrips('No past trips'))),
  );
}

let current: Trip;
function serveTrip() {
  server.use(
    http.get('*/v1/trips/getTrip/trip-1', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: current })),
    http.get('*/v1/trips/getDeliveryTasks/trip-1', () => HttpResponse.json({ error: 'trip_not_found', message: 'Trip not found' }, { status: 404 })),
  );
}

beforeEach(() => setSession('t', { userId: 'u1' }));

describe("the guest's trips (/bookings)", () => {
  it('says "Your trips will show here." with a link to search when both lists answer 404', async () => {
    lists(null, null);
    renderRoutes(routes, '/bookings');
    const empty = await screen.findByTestId('trips-empty');
    expect(empty).toHaveTextContent('Your trips will show here.');
    expect(within(empty).getByRole('link', { name: 'Find a car' })).toHaveAttribute('href', '/search');
    expect(document.title).toBe('Your trips | Upcar');
  });

  it('lists current and past trips as cards linking to their page; a 404 list is empty', async () => {
    lists([trip({ tripId: 'a', carName: '2022 Toyota RAV4', status: 'confirmed' }), trip({ tripId: 'b', carName: '2021 Honda Civic', status: 'requested' })], null);
    renderRoutes(routes, '/bookings');
    const currentList = await screen.findByTestId('trips-current');
    const cards = within(currentList).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/bookings?tripId=a', '/bookings?tripId=b']);
    expect(cards[0]).toHaveTextContent('2022 Toyota RAV4');
    expect(cards[0]).toHaveTextContent('Confirmed');
    expect(cards[0]).toHaveTextContent('Thu, Jan 10, 2030, 10:00 AM PST');
    expect(cards[1]).toHaveTextContent('Waiting for the host');
    expect(within(screen.getByTestId('trips-past')).getByText('No past trips yet.')).toBeInTheDocument();
  });

  it('files cancelled and declined trips apart from the past ones, whatever their dates', async () => {
    lists([], [trip({ tripId: 'c', status: 'cancelled_by_guest' }), trip({ tripId: 'e', status: 'completed' }), trip({ tripId: 'd', status: 'rejected' })]);
    renderRoutes(routes, '/bookings');
    const called = await screen.findByTestId('trips-cancelled');
    expect(within(called).getAllByTestId('trip-card').map((c) => c.textContent)).toEqual([expect.stringContaining('Cancelled by you'), expect.stringContaining('Declined by the host')]);
    expect(within(screen.getByTestId('trips-past')).getAllByTestId('trip-card').map((c) => c.getAttribute('data-trip-id'))).toEqual(['e']);
    expect(screen.getByText('No trips under way or to come.')).toBeInTheDocument();
  });

  it("shows the server's message when a list fails otherwise", async () => {
    lists([], []);
    server.use(http.get('*/v1/trips/getInProgressAndFutureTrips', () => HttpResponse.json({ error: 'service_unavailable', message: 'Trips are unavailable right now.' }, { status: 503 })));
    renderRoutes(routes, '/bookings');
    expect(await screen.findByTestId('trips-error')).toHaveTextContent('Trips are unavailable right now.');
  });
});

describe("the trip page's next steps", () => {
  it('a confirmed trip far ahead: change, cancel, report, agreement, drivers; check-in opens 30 minutes before the start', async () => {
    current = trip({ status: 'confirmed' });
    serveTrip();
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const panel = await screen.findByTestId('trip-actions');
    expect(within(panel).getByRole('link', { name: 'Change trip' })).toHaveAttribute('href', '/update-trip?tripId=trip-1');
    expect(within(panel).getByRole('link', { name: 'Report an issue' })).toHaveAttribute('href', '/trip/report-issue?tripId=trip-1');
    expect(within(panel).getByRole('link', { name: 'Rental agreement' })).toHaveAttribute('href', '/rental-agreement?tripId=trip-1');
    expect(within(panel).getByRole('button', { name: 'Cancel trip' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Check in' })).not.toBeInTheDocument();
    expect(screen.getByTestId('check-in-note')).toHaveTextContent('Check-in opens 30 minutes before the start, at Thu, Jan 10, 2030, 9:30 AM PST.');
    expect(screen.getByRole('heading', { name: 'Additional drivers' })).toBeInTheDocument();
    expect(screen.getByTestId('trip-status')).toHaveTextContent('confirmed');
  });

  it('a confirmed trip starting in 20 minutes links to check-in', async () => {
    const start = new Date(Date.now() + 20 * 60_000);
    current = trip({ status: 'confirmed', startTime: start.toISOString(), endTime: new Date(start.getTime() + 86_400_000).toISOString() });
    serveTrip();
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByRole('link', { name: 'Check in' })).toHaveAttribute('href', '/trip/check-in?tripId=trip-1');
    expect(screen.queryByTestId('check-in-note')).not.toBeInTheDocument();
  });

  it('a trip in progress: check out and incidentals, no cancel or change', async () => {
    current = trip({ status: 'in_progress', startTime: '2020-01-10T10:00:00-08:00' });
    serveTrip();
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const panel = await screen.findByTestId('trip-actions');
    expect(within(panel).getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/trip/check-out?tripId=trip-1');
    expect(within(panel).getByRole('link', { name: 'Incidentals' })).toHaveAttribute('href', '/trip/incidentals?tripId=trip-1');
    expect(within(panel).queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Change trip' })).not.toBeInTheDocument();
  });

  it('a cancelled trip shows the refund and offers nothing', async () => {
    current = trip({ status: 'cancelled_by_guest', isCancelled: true, cancelledBy: 'guest', refundAmount: 99.75, cancelReason: 'Plans changed' });
    serveTrip();
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('trip-refund')).toHaveTextContent('$99.75');
    expect(screen.getByText('Reason: Plans changed')).toBeInTheDocument();
    expect(screen.getByText('Nothing to do on this trip.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Additional drivers' })).not.toBeInTheDocument();
  });

  it("a pending change the guest asked for can be withdrawn (cancelModifyRequest); the server's refusal is shown", async () => {
    current = trip({
      status: 'modification_pending',
      history: [{ fromStatus: 'confirmed', toStatus: 'modification_pending', action: 'request_modification', actorRole: 'guest', actorId: 'u1', reason: 'new total $250.00 (+50.00)', at: '2029-12-02T18:00:00Z' }],
    });
    serveTrip();
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.post('*/v1/trips/cancelModifyRequest', async ({ request }) => {
        bodies.push(await request.json());
        if (refuse) return HttpResponse.json({ error: 'no_pending_modification', message: 'There is no modification request to cancel.' }, { status: 409 });
        current = { ...current, status: 'confirmed' };
        return HttpResponse.json<Answer<'/v1/trips/cancelModifyRequest', 'post'>>({ status: true, message: 'Withdrawn', data: current });
      }),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const pending = await screen.findByTestId('pending-modification');
    expect(pending).toHaveTextContent('You asked to change this trip.');
    expect(pending).toHaveTextContent('new total $250.00 (+50.00)');
    fireEvent.click(within(pending).getByRole('button', { name: 'Withdraw the request' }));
    expect(await within(pending).findByRole('alert')).toHaveTextContent('There is no modification request to cancel.');
    refuse = false;
    fireEvent.click(within(screen.getByTestId('pending-modification')).getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(screen.queryByTestId('pending-modification')).not.toBeInTheDocument());
    expect(screen.getByTestId('trip-status')).toHaveTextContent('confirmed');
    expect(bodies).toEqual([{ tripId: 'trip-1' }, { tripId: 'trip-1' }]);
  });

  it("shows the trip's history, newest first, in the car's zone", async () => {
    current = trip({
      history: [
        { fromStatus: null, toStatus: 'confirmed', action: 'book', actorRole: 'guest', actorId: 'u1', reason: '', at: '2029-12-01T18:00:00Z' },
        { fromStatus: 'confirmed', toStatus: 'confirmed', action: 'invite_driver', actorRole: 'guest', actorId: 'u1', reason: 'pat@example.com', at: '2029-12-02T18:00:00Z' },
      ],
    });
    serveTrip();
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const items = within(await screen.findByTestId('trip-history')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Sun, Dec 2, 2029, 10:00 AM PST · Additional driver invited by you — pat@example.com', 'Sat, Dec 1, 2029, 10:00 AM PST · Booked by you']);
  });
});

describe('additional drivers', () => {
  it('lists the drivers and invites by email (addAdditionalDriver); the server refuses with its message', async () => {
    current = trip({ additionalDrivers: [{ email: 'kim@example.com', status: 'added', invitedAt: '', expiresAt: '', addedAt: '2029-12-02T00:00:00Z' }] });
    serveTrip();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v1/trips/addAdditionalDriver', async ({ request }) => {
        const b = (await request.json()) as { additionalDriverEmails: string[] };
        bodies.push(b);
        if (b.additionalDriverEmails.includes('dana@example.com')) return HttpResponse.json({ error: 'own_email', message: 'You are already the driver of this trip.' }, { status: 400 });
        current = { ...current, additionalDrivers: [...current.additionalDrivers, { email: 'pat@example.com', status: 'invited', invitedAt: '', expiresAt: '2030-01-12T18:00:00Z' }] };
        return HttpResponse.json<Answer<'/v1/trips/addAdditionalDriver', 'post'>>({ status: true, message: 'Invitation sent.', data: { tripId: 'trip-1', additionalDrivers: current.additionalDrivers } });
      }),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const section = await screen.findByTestId('drivers');
    expect(within(section).getByText('kim@example.com')).toBeInTheDocument();
    const input = within(section).getByLabelText('Invite by email');
    fireEvent.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Enter an email address.');
    fireEvent.change(input, { target: { value: 'Dana@Example.com' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('You are already the driver of this trip.');
    fireEvent.change(input, { target: { value: 'pat@example.com, ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Invitation sent.');
    await waitFor(() => expect(within(section).getAllByTestId('driver')).toHaveLength(2));
    expect(within(section).getAllByTestId('driver')[1]).toHaveTextContent('pat@example.com · Invited');
    expect(bodies).toEqual([
      { tripId: 'trip-1', additionalDriverEmails: ['dana@example.com'] },
      { tripId: 'trip-1', additionalDriverEmails: ['pat@example.com'] },
    ]);
  });

  it('removes a driver after asking (removeAdditionalDriver); Keep sends nothing and a refusal shows its message', async () => {
    current = trip({
      additionalDrivers: [
        { email: 'kim@example.com', status: 'added', invitedAt: '', expiresAt: '', addedAt: '2029-12-02T00:00:00Z' },
        { email: 'pat@example.com', status: 'invited', invitedAt: '', expiresAt: '2030-01-12T18:00:00Z' },
      ],
    });
    serveTrip();
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.post('*/v1/trips/removeAdditionalDriver', async ({ request }) => {
        const b = (await request.json()) as { tripId: string; email: string };
        bodies.push(b);
        if (refuse) {
          refuse = false;
          return HttpResponse.json({ error: 'wrong_status', message: 'Additional drivers can be removed from booked or ongoing trips only.' }, { status: 409 });
        }
        current = { ...current, additionalDrivers: current.additionalDrivers.filter((d) => d.email !== b.email) };
        return HttpResponse.json<Answer<'/v1/trips/removeAdditionalDriver', 'post'>>({ status: true, message: `${b.email} is no longer a driver of this trip.`, data: { tripId: 'trip-1', additionalDrivers: current.additionalDrivers } });
      }),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const section = await screen.findByTestId('drivers');
    expect(within(section).getByRole('button', { name: 'Withdraw the invitation of pat@example.com' })).toHaveTextContent('Withdraw');
    fireEvent.click(within(section).getByRole('button', { name: 'Remove kim@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this driver?' });
    expect(dialog).toHaveTextContent('kim@example.com will no longer be able to drive this car or see this trip.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Remove kim@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this driver?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove driver' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Additional drivers can be removed from booked or ongoing trips only.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove driver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByRole('status')).toHaveTextContent('kim@example.com is no longer a driver of this trip.');
    await waitFor(() => expect(within(section).getAllByTestId('driver')).toHaveLength(1));
    expect(within(section).getByTestId('driver')).toHaveTextContent('pat@example.com · Invited');
    expect(bodies).toEqual([
      { tripId: 'trip-1', email: 'kim@example.com' },
      { tripId: 'trip-1', email: 'kim@example.com' },
    ]);
  });
});

describe("the host's change request", () => {
  it('the guest accepts or declines it (respondToModifyRequest)', async () => {
    current = trip({
      status: 'modification_pending',
      history: [{ fromStatus: 'confirmed', toStatus: 'modification_pending', action: 'request_modification', actorRole: 'host', actorId: 'host-1', reason: 'new total $180.00 (-20.00)', at: '2029-12-02T18:00:00Z' }],
    });
    serveTrip();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v1/trips/respondToModifyRequest', async ({ request }) => {
        bodies.push(await request.json());
        current = { ...current, status: 'confirmed' };
        return HttpResponse.json<Answer<'/v1/trips/respondToModifyRequest', 'post'>>({ status: true, message: 'Answered', data: current });
      }),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const pending = await screen.findByTestId('pending-modification');
    expect(pending).toHaveTextContent('The host asked to change this trip.');
    expect(within(pending).queryByRole('button', { name: 'Withdraw the request' })).not.toBeInTheDocument();
    fireEvent.click(within(pending).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByTestId('pending-modification')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ tripId: 'trip-1', response: 'decline' }]);
  });
});
