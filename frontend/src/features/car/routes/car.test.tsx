import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import type { Answer } from '@/api/types';
import { carDetails, host, tripPrice } from '@/test/fixtures';
import { addDays, startOfDay, toYmd } from '@/lib/dates';
import { activity } from '@/lib/activity';
import CarRoute from './car';
import { descriptionView } from '../components/car-info';
import { continueState } from '../components/booking-panel';

vi.mock('@/components/map/lazy-map', () => import('@/test/map-mock'));

const from = toYmd(addDays(startOfDay(new Date()), 3));
const until = toYmd(addDays(startOfDay(new Date()), 5));

function handlers(car = carDetails(), price: unknown = { status: true, message: '', data: tripPrice() }) {
  const priceQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/v1/cars/getCar/:id', ({ params }) => (params.id === 'car-1' ? HttpResponse.json({ status: true, data: car }) : HttpResponse.json({ error: 'car_not_found', message: 'Car not found' }, { status: 404 }))),
    http.get('*/v1/cars/getRatings/:id', () => HttpResponse.json({ status: true, data: { totalRating: 0, ratingCount: 0, categoryRatings: [], reviews: [] } })),
    http.get('*/v1/calendar/getBlockedOrBookedDates', () => HttpResponse.json({ status: true, carUnavailableDates: [] })),
    http.get('*/v1/users/gethost/:id', () => HttpResponse.json<Answer<'/v1/users/gethost/{id}', 'get'>>({ status: true, data: host() })),
    http.get('*/v1/tripPrice/getTripPrice', ({ request }) => {
      priceQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(price as object);
    }),
  );
  return priceQueries;
}

const route = [{ path: '/car/:id', element: <CarRoute /> }, { path: '/404', element: <p>not found page</p> }];

describe('car page', () => {
  it('prices the chosen dates with rounded times and keeps the URL in 24-hour form', async () => {
    const q = handlers();
    const { router } = renderRoutes(route, `/car/car-1?fromDate=${from}&fromTime=9:20+AM&untilDate=${until}&untilTime=13:50`);
    expect(await screen.findByText('$199.50')).toBeInTheDocument();
    expect(q[0].get('newStartTime')).toBe('9:30 AM');
    expect(q[0].get('newEndTime')).toBe('2:00 PM');
    expect(q[0].get('newStartDate')).toBe(from);
    expect(screen.getByTestId('continue')).toBeEnabled();
    expect(screen.getByText('Electric')).toBeInTheDocument();
    expect(screen.getByText(/Free Cancellation/)).toBeInTheDocument();
    expect(screen.getByText('$0 due now')).toBeInTheDocument();
    expect(screen.getByTestId('pay-later')).toHaveTextContent('$0 due now · Pay on Nov 22');
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '6:00 PM' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('untilTime')).toBe('18:00'));
    await userEvent.click(await screen.findByRole('button', { name: 'Price details' }));
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Total$199.50');
  });

  it('disables Continue when the price is not available', async () => {
    handlers(carDetails(), { error: 'route_not_found', message: 'No such route' });
    server.use(http.get('*/v1/tripPrice/getTripPrice', () => HttpResponse.json({ error: 'route_not_found', message: 'No such route' }, { status: 404 })));
    renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    expect(await screen.findByTestId('price-unavailable')).toHaveTextContent('Price not available');
    expect(screen.getByTestId('continue')).toBeDisabled();
  });

  it("says why the price is missing: the server's refusal, its absence, or a failed call", async () => {
    handlers();
    server.use(http.get('*/v1/tripPrice/getTripPrice', () => HttpResponse.json({ error: 'min_trip_duration', message: 'This car rents for 2 days at least' }, { status: 400 })));
    const first = renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    expect(await screen.findByTestId('price-unavailable')).toHaveTextContent('This car rents for 2 days at least');
    first.unmount();
    server.use(http.get('*/v1/tripPrice/getTripPrice', () => new HttpResponse(null, { status: 409 })));
    const second = renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    expect(await screen.findByTestId('price-unavailable')).toHaveTextContent('Failed to fetch price details');
    second.unmount();
    server.use(http.get('*/v1/tripPrice/getTripPrice', () => HttpResponse.error()));
    renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    expect(await screen.findByTestId('price-unavailable')).toHaveTextContent('An error occurred while fetching price details');
    expect(screen.getByTestId('continue')).toBeDisabled();
  });

  it('maps the car at zoom 14 on its place; a car whose position cannot be shown falls back to San Francisco, without a marker', async () => {
    handlers(carDetails({ latitude: 37.56, longitude: -121.98 }));
    const first = renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    const map = await screen.findByTestId('cars-map');
    expect(map).toHaveAttribute('data-zoom', '14');
    expect(map).toHaveAttribute('data-center', '37.56,-121.98');
    expect(within(map).getAllByTestId('price-marker')).toHaveLength(1);
    first.unmount();
    handlers(carDetails({ latitude: Number.NaN, longitude: 500, location: { type: 'Point', coordinates: [] } }));
    renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    const fallback = await screen.findByTestId('cars-map');
    expect(fallback).toHaveAttribute('data-center', '37.77,-122.42');
    expect(fallback).toHaveAttribute('data-zoom', '14');
    expect(within(fallback).queryAllByTestId('price-marker')).toHaveLength(0);
  });

  it('opens the login modal when a logged-out visitor continues', async () => {
    handlers();
    renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
    await screen.findByText('$199.50');
    await userEvent.click(screen.getByTestId('continue'));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingVerify')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(sessionStorage.getItem('pendingVerify')).toBeNull());
  });

  it('sends an unknown car to /404', async () => {
    handlers();
    const { router } = renderRoutes(route, '/car/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('truncates long descriptions at 750 characters', () => {
    const long = 'x'.repeat(800);
    expect(descriptionView(long, false)).toEqual({ text: `${'x'.repeat(750)} ...`, toggle: true });
    expect(descriptionView(long, true).text).toBe(long);
    expect(descriptionView('short', false)).toEqual({ text: 'short', toggle: false });
  });

  it('tells owners they cannot book their own car', () => {
    expect(continueState({ isOwnCar: true }, null, false, false, false)).toEqual({ disabled: true, label: 'You can not book your own car' });
    expect(continueState({ isOwnCar: true }, null, false, false, true).label).toBe('You cannot book your own car');
    expect(continueState({ isOwnCar: false }, 'Start date must be before or equal to the end date.', false, false, false).disabled).toBe(true);
  });
});

describe('car viewed event', () => {
  it('is logged once with the car id when the car is shown, never for an unknown car', async () => {
    handlers();
    const track = vi.spyOn(activity, 'track').mockImplementation(() => {});
    try {
      renderRoutes(route, `/car/car-1?fromDate=${from}&untilDate=${until}`);
      expect(await screen.findByText('$199.50')).toBeInTheDocument();
      const viewed = () => track.mock.calls.filter(([type]) => type === 'car_viewed');
      expect(viewed()).toEqual([['car_viewed', 'car', { carId: 'car-1' }]]);
      await userEvent.click(await screen.findByRole('button', { name: 'Price details' }));
      expect(viewed()).toHaveLength(1);

      track.mockClear();
      renderRoutes(route, '/car/car-404');
      expect(await screen.findByText('not found page')).toBeInTheDocument();
      expect(viewed()).toHaveLength(0);
    } finally {
      track.mockRestore();
    }
  });
});
