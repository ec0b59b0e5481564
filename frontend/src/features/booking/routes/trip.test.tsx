import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import TripRoute from './trip';

const routes = [{ path: '/bookings', element: <TripRoute /> }];

const base = {
  tripId: 'trip-1',
  carId: 'car-1',
  carName: '2022 Toyota RAV4',
  status: 'confirmed',
  renterName: 'Dana G.',
  startTime: '2030-01-10T10:00:00-08:00',
  endTime: '2030-01-12T10:00:00-08:00',
  timeZone: 'America/Los_Angeles',
  reservationNumber: 'UPC-ABC',
};

function answer(trip: object) {
  server.use(http.get('*/v1/trips/getTrip/trip-1', () => HttpResponse.json({ status: true, data: trip })));
}

describe('the trip page', () => {
  it("shows the guest's charges and invoice total", async () => {
    setSession('t', { userId: 'u1' });
    answer({ ...base, viewerRole: 'guest', finalPrice: 212.4, priceDetails: { pricingBreakdown: [{ label: 'Trip total', amount: 212.4 }] } });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByText('Invoice total:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Charges' })).toBeInTheDocument();
    expect(screen.queryByTestId('trip-driver-note')).not.toBeInTheDocument();
  });

  it("tells an additional driver their part and shows no money (the server sends none)", async () => {
    setSession('t', { userId: 'u2' });
    answer({ ...base, viewerRole: 'driver', finalPrice: null, priceDetails: null });
    renderRoutes(routes, '/bookings?tripId=trip-1');
    expect(await screen.findByTestId('trip-driver-note')).toHaveTextContent("You're an additional driver on this trip.");
    expect(screen.getByText('Reservation number: UPC-ABC')).toBeInTheDocument();
    expect(screen.queryByText('Invoice total:')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Charges' })).not.toBeInTheDocument();
  });
});
