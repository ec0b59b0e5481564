import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys } from '@/api/query-keys';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer, Trip } from '@/api/types';
import { carDetails, deliveryTask, trip, tripPrice } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import TripRoute from './trip';

const routes = [{ path: '/bookings', element: <TripRoute /> }];

// A trip without delivery: its delivery call answers 404 (tests below answer otherwise).
beforeEach(() => {
  server.use(
    http.get('*/v1/trips/getDeliveryTasks/trip-1', () => HttpResponse.json({ error: 'trip_not_found', message: 'Trip not found' }, { status: 404 })),
    http.get('*/v1/cars/getCar/car-1', () => HttpResponse.json({ status: true, message: '', data: carDetails({ latitude: 37.55, longitude: -121.98, address: { street: '39180 Fremont Blvd', city: 'Fremont', state: 'CA', zip: '94538', latitude: 37.55, longitude: -121.98 } }) })),
    http.get('*/v1/chat/rooms', ({ request }) => {
      const q = new URL(request.url).searchParams;
      if (q.get('limit') === '1') return undefined;
      return HttpResponse.json({ status: true, currentPage: 1, numPages: 1, chatboxes: [{ id: 'room-9', tripId: 'trip-1', carId: 'car-1', guestId: 'u1', hostId: 'host-1', guestName: 'Dana G.', guestProfilePic: '', hostName: 'Grace K.', hostProfilePic: '', lastMessage: null, createdAt: '2029-12-01T00:00:00Z', updatedAt: '2029-12-01T00:00:00Z', unreadCount: 0 }], unreadTotal: 0 });
    }),
  );
});

function answer(over: Partial<Trip>) {
  server.use(http.get('*/v1/trips/getTrip/trip-1', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip(over) })));
}

describe('the trip page', () => {
  it("gives the guest the host's name and a link to their chat, the pickup address with directions, and the car's page; never the guest's own name", async () => {
    setSession('t', { userId: 'u1' });
    answer({ viewerRole: 'guest', hostName: 'Grace K.', renterName: 'Dana G.' });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const party = await screen.findByTestId('trip-party');
    expect(party).toHaveTextContent('Host: Grace K.');
    expect(within(party).getByRole('link', { name: 'Grace K.' })).toHaveAttribute('href', '/user-profile/host-1');
    expect(await within(party).findByRole('link', { name: 'Message Grace' })).toHaveAttribute('href', '/messages/room-9');
    expect(screen.queryByText(/Dana G\./)).not.toBeInTheDocument();
    expect(await screen.findByTestId('trip-pickup-address')).toHaveTextContent('39180 Fremont Blvd, Fremont, CA 94538');
    expect(screen.getByTestId('trip-directions')).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=37.55,-121.98');
    expect(screen.getByTestId('trip-car-link')).toHaveAttribute('href', '/car/car-1');
  });

  it('shows a delivered trip at its delivery address, and the host the renter', async () => {
    setSession('t', { userId: 'host-1' });
    answer({ viewerRole: 'host', pickUpLocation: { latitude: 37.5, longitude: -121.9, address: '1 Main St, Fremont, CA', coordinates: [-121.9, 37.5] } });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('trip-party')).toHaveTextContent('Renter: Dana G.');
    expect(screen.getByRole('heading', { name: 'Delivered to' })).toBeInTheDocument();
    expect(screen.getByTestId('trip-pickup-address')).toHaveTextContent('1 Main St, Fremont, CA');
    expect(screen.getByTestId('trip-directions')).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=37.5,-121.9');
  });

  it("shows the guest's charges and invoice total", async () => {
    setSession('t', { userId: 'u1' });
    answer({ viewerRole: 'guest', finalPrice: 212.4, priceDetails: tripPrice({ finalPrice: 212.4, pricingBreakdown: [{ label: 'Trip total', amount: 212.4, explanation: '', kind: 'total' }] }) });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByText('Invoice total:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Charges' })).toBeInTheDocument();
    expect(screen.queryByTestId('trip-driver-note')).not.toBeInTheDocument();
  });

  it("tells an additional driver their part and shows no money (the server sends none)", async () => {
    setSession('t', { userId: 'u2' });
    answer({ viewerRole: 'driver', finalPrice: null, priceDetails: null });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('trip-driver-note')).toHaveTextContent("You're an additional driver on this trip.");
    expect(screen.getByText('Reservation number: UPC-ABC')).toBeInTheDocument();
    expect(screen.queryByText('Invoice total:')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Charges' })).not.toBeInTheDocument();
  });
});

describe("the trip page in the host's view", () => {
  it('links the host to the incidentals while the trip is under way, and not before', async () => {
    setSession('t', { userId: 'host-1' });
    answer({ viewerRole: 'host', status: 'in_progress' });
    const { unmount } = renderRoutes(routes, '/bookings?tripId=trip-1');
    const panel = await screen.findByTestId('host-trip-actions');
    expect(within(panel).getByRole('link', { name: 'Incidentals' })).toHaveAttribute('href', '/trip/incidentals?tripId=trip-1');
    // The guest's actions (cancel, check in...) are not the host's.
    expect(screen.queryByTestId('trip-actions')).toBeNull();
    unmount();

    answer({ viewerRole: 'host', status: 'confirmed' });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('host-trip-actions')).toHaveTextContent('Nothing to do on this trip.');
    expect(screen.queryByRole('link', { name: 'Incidentals' })).toBeNull();
  });

  it('keeps the link for 48 hours after the return, then drops it', async () => {
    setSession('t', { userId: 'host-1' });
    const returned = new Date(Date.now() - 47 * 3600_000).toISOString();
    answer({ viewerRole: 'host', status: 'completed', history: [{ at: returned, action: 'checkout', actorId: 'u1', actorRole: 'guest', reason: '', fromStatus: 'in_progress', toStatus: 'completed' }] });
    const { unmount } = renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByRole('link', { name: 'Incidentals' })).toBeInTheDocument();
    unmount();
    answer({ viewerRole: 'host', status: 'completed', history: [{ at: new Date(Date.now() - 49 * 3600_000).toISOString(), action: 'checkout', actorId: 'u1', actorRole: 'guest', reason: '', fromStatus: 'in_progress', toStatus: 'completed' }] });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('host-trip-actions')).toHaveTextContent('Nothing to do on this trip.');
  });
});

describe("the trip page's delivery panel", () => {
  it('shows the delivery and the return with status, step, captain and ETA at the car\'s place, asked with the guest token', async () => {
    setSession('guest-token', { userId: 'u1' });
    localStorage.setItem('captainToken', 'cap-token');
    localStorage.setItem('captainUser', '{}');
    answer({ timeZone: 'America/Los_Angeles' });
    const auth: (string | null)[] = [];
    server.use(
      http.get('*/v1/trips/getDeliveryTasks/trip-1', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json<Answer<'/v1/trips/getDeliveryTasks/{tripId}', 'get'>>({
          status: true,
          tripId: 'trip-1',
          data: [
            deliveryTask(),
            deliveryTask({ taskId: 'task-2', taskType: 'return_to_host', status: 'scheduled', step: null, scheduledTime: '2030-01-12T18:00:00Z', eta: '2030-01-12T18:00:00Z', captainFirstName: null }),
          ],
        });
      }),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const panel = await screen.findByTestId('delivery-panel');
    expect(within(panel).getByRole('heading', { name: 'Delivery by our captains' })).toBeInTheDocument();
    const delivery = within(screen.getByTestId('delivery-delivery_to_guest'));
    expect(delivery.getByTestId('delivery-status')).toHaveTextContent('On the way');
    expect(delivery.getByTestId('delivery-step')).toHaveTextContent('Picked up from the host');
    expect(delivery.getByText('Captain: Casey')).toBeInTheDocument();
    expect(delivery.getByTestId('delivery-eta')).toHaveTextContent('Expected: Thu, Jan 10, 2030, 9:45 AM PST');
    const ret = within(screen.getByTestId('delivery-return_to_host'));
    expect(ret.getByTestId('delivery-status')).toHaveTextContent('Scheduled');
    expect(ret.queryByTestId('delivery-step')).not.toBeInTheDocument();
    expect(ret.getByTestId('delivery-eta')).toHaveTextContent('Captain expected: Sat, Jan 12, 2030, 10:00 AM PST');
    expect(auth).toEqual(['Bearer guest-token']);
  });

  it('shows nothing for a trip without delivery (404)', async () => {
    setSession('t', { userId: 'u1' });
    answer({});
    const { client } = renderRoutes(routes, '/bookings?tripId=trip-1');
    await screen.findByTestId('trip-times');
    await waitFor(() => expect(client.getQueryState(queryKeys.trips.delivery('trip-1'))?.status).toBe('success'));
    expect(client.getQueryData(queryKeys.trips.delivery('trip-1'))).toEqual([]);
    expect(screen.queryByTestId('delivery-panel')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives no ETA once the delivery is done', async () => {
    setSession('t', { userId: 'u1' });
    answer({});
    server.use(
      http.get('*/v1/trips/getDeliveryTasks/trip-1', () =>
        HttpResponse.json<Answer<'/v1/trips/getDeliveryTasks/{tripId}', 'get'>>({ status: true, tripId: 'trip-1', data: [deliveryTask({ status: 'completed', step: 'delivered_to_guest' })] }),
      ),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('delivery-step')).toHaveTextContent('Delivered to you');
    expect(screen.getByTestId('delivery-status')).toHaveTextContent('Done');
    expect(screen.queryByTestId('delivery-eta')).not.toBeInTheDocument();
  });

  it('tells the guest of a trip far ahead that nothing is held yet, and when it will be', async () => {
    setSession('t', { userId: 'u1' });
    answer({ viewerRole: 'guest', paymentStatus: 'scheduled', priceDetails: tripPrice({ payLaterDateMessage: '$0 due now. You will be charged $212.40 on Mar 3, 2030.' }) });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('trip-payment-note')).toHaveTextContent('Your card is saved and nothing is held yet. $0 due now. You will be charged $212.40 on Mar 3, 2030.');
    expect(screen.queryByTestId('trip-payment-failed')).not.toBeInTheDocument();
  });

  it('asks the guest whose card was declined for another by the deadline, and a new card clears it', async () => {
    setSession('t', { userId: 'u1' });
    let fixed = false;
    const reason = 'Your card was declined. Add another card by Mar 2, 2030, 10:00 AM PST or the trip will be cancelled.';
    const failed = { fromStatus: 'confirmed', toStatus: 'confirmed', action: 'payment_failed', actorId: null, actorRole: 'system', reason, at: '2030-03-01T18:00:00Z' } as unknown as NonNullable<Trip['history']>[number];
    server.use(
      http.get('*/v1/trips/getTrip/trip-1', () =>
        HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip({ viewerRole: 'guest', paymentStatus: fixed ? 'authorized' : 'authorization_failed', history: [failed] }) }),
      ),
      http.post('*/v1/payment/stripe/getPrimaryPaymentMethod', () => HttpResponse.json({ status: true, data: { paymentMethodId: fixed ? 'pm_card_visa_2' : 'pm_card_chargeCustomerFail_1', cardType: 'visa', last4: fixed ? '4242' : '0341' } })),
      http.post('*/v1/payment/stripe/addPaymentMethod', () => {
        fixed = true;
        return HttpResponse.json({ status: true, message: 'Payment method added.', data: { paymentMethodId: 'pm_card_visa_2', cardType: 'visa', last4: '4242' } });
      }),
      http.get('*/v1/users/getuser/u1', () => HttpResponse.json({ status: true, user: { _id: 'u1', hasPaymentMethod: true } })),
    );
    renderRoutes(routes, '/bookings?tripId=trip-1');
    const panel = await screen.findByTestId('trip-payment-failed');
    expect(within(panel).getByRole('alert')).toHaveTextContent(reason);
    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: 'Update Payment' }));
    await user.type(screen.getByLabelText('First name'), 'Dana');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Street address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Fremont');
    await user.type(screen.getByLabelText('State'), 'CA');
    await user.type(screen.getByLabelText('Postal code'), '94536');
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByTestId('trip-payment-failed')).not.toBeInTheDocument());
  });
});
