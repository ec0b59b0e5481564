import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { centreOr } from '@/components/map/types';
import { SEARCH_MAP } from '../lib/search-state';
import type { Answer, CarCard } from '@/api/types';
import { searchCar, tripPrice } from '@/test/fixtures';
import { toYmd } from '@/lib/dates';
import { activity } from '@/lib/activity';
import SearchRoute from './search';

vi.mock('@/components/map/lazy-map', () => import('@/test/map-mock'));

type PagePrices = Answer<'/v1/cars/checkPrices/{ids}', 'get'>;

/** A search answer for `cars` (one page). */
function results(data: CarCard[], a: Pick<Answer<'/v1/cars/search', 'get'>, 'count' | 'message' | 'isLongTermRental' | 'requestId'>) {
  return HttpResponse.json<Answer<'/v1/cars/search', 'get'>>({ ...a, data, page: 1, limit: 20, startTime: '', endTime: '' });
}

const enums = [
  http.get('*/v1/api/enums/:name', ({ params }) => HttpResponse.json<Answer<'/v1/api/enums/{name}', 'get'>>({ status: true, data: params.name === 'carTypes' ? ['sedan', 'suv'] : ['Tesla', 'Toyota'] })),
  http.get('*/v1/cars/checkPrices/:ids', () => HttpResponse.json<PagePrices>({ status: 'ready', prices: [{ carId: 'car-1', priceDetails: tripPrice({ carId: 'car-1', finalPriceBeforeTax: 250.25, finalPricePerMonth: null, protectionPlanType: 'Standard' }) }], pendingCarIds: [] })),
];

function future(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return toYmd(d);
}

const url = `/search?latitude=37.55&longitude=-121.99&address=Fremont&fromDate=${future(3)}&fromTime=10:00+AM&untilDate=${future(5)}&untilTime=10:00+AM`;

describe('search page', () => {
  it('shows 20 skeletons, then cards with prices and map markers, and highlights a hovered car', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      ...enums,
      http.get('*/v1/cars/search', async ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        await delay(50);
        return results([searchCar(1), searchCar(2)], { count: 2, message: '', isLongTermRental: false, requestId: 'r1' });
      }),
    );
    renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
    expect(await screen.findAllByTestId('search-skeleton')).toHaveLength(20);
    const cards = await screen.findAllByTestId('result-card');
    expect(cards).toHaveLength(2);
    expect(queries[0].get('fromDate')).toBe(future(3));
    expect(queries[0].get('latitude')).toBe('37.55');
    expect(await within(cards[0]).findByText('$250.25 total before taxes, Standard protection included')).toBeInTheDocument();
    const markers = screen.getAllByTestId('price-marker');
    // A car's pin and its card lead with the same price, priced or not.
    expect(markers.map((m) => m.textContent)).toEqual(cards.map((c) => within(c).getByTestId('price-label').textContent));
    expect(markers[1].textContent).toBe('$92/day');
    fireEvent.mouseEnter(cards[1]);
    expect(markers[1]).toHaveAttribute('data-highlighted', 'true');
    expect(markers[0]).toHaveAttribute('data-highlighted', 'false');
  });

  it("draws the map at zoom 13 on the searched place (spec 000 section 9); Los Angeles is the map's default centre", async () => {
    server.use(...enums, http.get('*/v1/cars/search', () => results([searchCar(1)], { count: 1, message: '', isLongTermRental: false, requestId: 'r1' })));
    renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
    await screen.findAllByTestId('result-card');
    const map = screen.getAllByTestId('cars-map')[0];
    expect(map).toHaveAttribute('data-zoom', '13');
    expect(map).toHaveAttribute('data-center', '37.55,-121.99');
    expect(SEARCH_MAP.fallback).toEqual({ lat: 34.0522, lng: -118.2437 });
    expect(centreOr({ lat: Number.NaN, lng: -121.99 }, SEARCH_MAP.fallback)).toBe(SEARCH_MAP.fallback);
    expect(centreOr({ lat: 95, lng: 0 }, SEARCH_MAP.fallback)).toBe(SEARCH_MAP.fallback);
  });

  it('logs one search event per answered search, with the place, the dates and the result count', async () => {
    let n = 0;
    server.use(...enums, http.get('*/v1/cars/search', () => results([searchCar(1)], { count: 7, message: '', isLongTermRental: false, requestId: `r${(n += 1)}` })));
    const track = vi.spyOn(activity, 'track').mockImplementation(() => {});
    try {
      renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
      await screen.findAllByTestId('result-card');
      await waitFor(() => expect(track.mock.calls.filter(([type]) => type === 'search')).toHaveLength(1));
      expect(track.mock.calls.find(([type]) => type === 'search')).toEqual([
        'search',
        'search',
        { address: 'Fremont', latitude: 37.55, longitude: -121.99, startDate: future(3), startTime: '10:00 AM', endDate: future(5), endTime: '10:00 AM', page: 1, filters: 0, results: 7 },
      ]);
      // Price polling and re-renders log nothing more.
      await new Promise((r) => setTimeout(r, 300));
      expect(track.mock.calls.filter(([type]) => type === 'search')).toHaveLength(1);
      fireEvent.change(screen.getByTestId('filter-sortBy'), { target: { value: 'priceAsc' } });
      await waitFor(() => expect(track.mock.calls.filter(([type]) => type === 'search')).toHaveLength(2));
    } finally {
      track.mockRestore();
    }
  });

  it('writes a filter change to the URL and searches with it', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      ...enums,
      http.get('*/v1/cars/search', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return results([searchCar(1)], { count: 1, message: '', isLongTermRental: false, requestId: 'r1' });
      }),
    );
    const { router } = renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
    await screen.findAllByTestId('result-card');
    fireEvent.change(screen.getByTestId('filter-sortBy'), { target: { value: 'priceAsc' } });
    await waitFor(() => expect(router.state.location.search).toContain('sortBy=priceAsc'));
    await waitFor(() => expect(queries.at(-1)?.get('sortBy')).toBe('priceAsc'));
  });

  it('shows the server message when nothing is found', async () => {
    server.use(...enums, http.get('*/v1/cars/search', () => results([], { count: 0, message: 'No cars within 50 miles of this place.', isLongTermRental: false, requestId: 'r' })));
    renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No cars found');
    expect(empty).toHaveTextContent('No cars within 50 miles of this place.');
  });

  it('shows the empty state when the search fails', async () => {
    server.use(...enums, http.get('*/v1/cars/search', () => HttpResponse.json({ error: 'internal_error', message: 'boom' }, { status: 500 })));
    renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No cars available for your search.');
  });

  it('labels long-term results per month', async () => {
    server.use(...enums, http.get('*/v1/cars/search', () => results([searchCar(3, { monthlyPrice: 2100 })], { count: 1, message: '', isLongTermRental: true, requestId: 'r' })));
    server.use(http.get('*/v1/cars/checkPrices/:ids', () => HttpResponse.json<PagePrices>({ status: 'pending', prices: [], pendingCarIds: ['car-3'] })));
    renderRoutes([{ path: '/search', element: <SearchRoute /> }], url);
    expect(await screen.findByTestId('price-label')).toHaveTextContent('$2,100 / month');
  });

  it('replaces past dates in the URL with tomorrow and the day after', async () => {
    server.use(...enums, http.get('*/v1/cars/search', () => results([], { count: 0, message: '', isLongTermRental: false, requestId: 'r' })));
    const { router } = renderRoutes([{ path: '/search', element: <SearchRoute /> }], '/search?latitude=37.55&longitude=-121.99&fromDate=2020-01-01&untilDate=2020-01-03');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('fromDate')).toBe(future(1)));
    expect(new URLSearchParams(router.state.location.search).get('untilDate')).toBe(future(2));
  });
});
