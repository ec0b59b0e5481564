import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Trip } from '@/api/types';
import { trip, tripPrice } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import TripRoute from './trip';

const routes = [{ path: '/bookings', element: <TripRoute /> }];

function answer(over: Partial<Trip>) {
  server.use(http.get('*/v1/trips/getTrip/trip-1', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip(over) })));
}

describe('the trip page', () => {
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
