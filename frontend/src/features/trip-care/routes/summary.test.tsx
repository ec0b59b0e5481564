import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { trip, user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { tripCareRoutes } from './trip-care-routes';

type Charges = Answer<'/v1/trips/getTripIssueCharges/{id}', 'get'>;

// The handler answers every entry whatever the query asks, so the card's own filtering shows.
const charges: Charges = {
  status: true,
  data: [
    { type: 'smoking', label: 'Smoking', charges: { Smoking_fine: { price: '250.00' } }, chargeLines: [], total: 250 },
    { type: 'cleaning', label: 'Cleaning', charges: { Cleaning_fee: { price: '150.00' }, Processing_fee: { price: '4.50' }, Waived_fee: { price: '0.00' } }, chargeLines: [], total: 154.5 },
  ],
  reports: [],
  invoiceTotal: 404.5,
};

function backend() {
  const asked: (string | null)[] = [];
  server.use(
    http.get('*/v1/trips/getTrip/:id', () =>
      HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip({ carName: '2022 Toyota RAV4', renterName: 'Dana Green', carPhotoUrl: 'http://files.test/car.jpg' }) }),
    ),
    http.get('*/v1/trips/getTripIssueCharges/:id', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('type'));
      return HttpResponse.json<Charges>(charges);
    }),
  );
  return asked;
}

describe('trip summary card', () => {
  beforeEach(() => setSession('t-guest', user()));

  it('report-issue mode: only the matching charge, prices above zero, underscores as spaces', async () => {
    const asked = backend();
    renderRoutes(tripCareRoutes, '/trip/summary?tripId=trip-1&kind=report-issue&category=cleaning');
    const card = await screen.findByRole('region', { name: 'Trip summary card' });
    expect(within(card).getByRole('heading', { name: '2022 Toyota RAV4' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '2022 Toyota RAV4' })).toHaveAttribute('src', 'http://files.test/car.jpg');
    expect(card).toHaveTextContent('Renter: Dana Green');
    expect(card).toHaveTextContent(/Start.*Jan 10.*10:00.*PST/);
    expect(card).toHaveTextContent(/End.*Jan 12.*10:00.*PST/);
    const entries = await within(card).findAllByTestId('charge-entry');
    expect(entries).toHaveLength(1);
    expect(within(entries[0]).getByRole('heading', { name: 'Cleaning' })).toBeInTheDocument();
    expect(within(entries[0]).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Cleaning fee', 'Processing fee']);
    expect(entries[0]).toHaveTextContent('$150.00');
    expect(entries[0]).not.toHaveTextContent('Waived');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$154.50');
    expect(asked).toEqual(['cleaning']);
    expect(document.title).toBe('Trip summary | Upcar');
    expect(screen.getByRole('link', { name: '← Back to the trip' })).toHaveAttribute('href', '/bookings?tripId=trip-1');
  });

  it('report-issue mode with no charge of that type lists none', async () => {
    backend();
    renderRoutes(tripCareRoutes, '/trip/summary?tripId=trip-1&kind=report-issue&category=late_return');
    expect(await screen.findByTestId('no-charges')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$0.00');
  });

  it('otherwise every issue type with its charges, and the invoice total', async () => {
    const asked = backend();
    renderRoutes(tripCareRoutes, '/trip/summary?tripId=trip-1');
    expect(await screen.findAllByTestId('charge-entry')).toHaveLength(2);
    expect(screen.getByText('Smoking fine')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$404.50');
    expect(asked).toEqual([null]);
  });
});
