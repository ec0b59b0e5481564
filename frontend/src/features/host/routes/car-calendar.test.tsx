import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Imports = Answer<'/v1/host/calendar/imports/{carId}', 'get'>;
type CalendarImport = Imports['data'][number];

const airbnb: CalendarImport = {
  importId: 'imp-1',
  url: 'https://www.airbnb.com/calendar/ical/1.ics',
  lastSyncAt: '2026-12-02T09:00:00Z',
  lastError: null,
  events: 3,
  conflicts: [{ tripId: '0193abcd-0000-7000-8000-000000000001', start: '2026-12-24T18:00:00Z', end: '2026-12-26T18:00:00Z' }],
};

function backend() {
  const car = hostListing();
  let imports: CalendarImport[] = [airbnb];
  const sent: { method: string; body?: unknown }[] = [];
  server.use(
    // The month view's trips and blocks (its own test covers them).
    http.get('*/v1/trips/getAllFutureBookingsForHostSortByDate', () => HttpResponse.json({ status: false, message: 'No future bookings found for this host' }, { status: 404 })),
    http.get('*/v1/host/getPastTripsForHost', () => HttpResponse.json({ status: false, message: 'No past trips' }, { status: 404 })),
    http.get('*/v1/trips/getCustomAvailabilityForHost', () => HttpResponse.json({ status: true, message: '', data: [] })),
    http.get(`*/v1/host/carListing/car/${car._id}`, () => HttpResponse.json<Answer<'/v1/host/carListing/car/{id}', 'get'>>({ status: true, carListing: car, nextStep: null })),
    http.get('*/v1/host/calendar/feed/car-1', () => HttpResponse.json<Answer<'/v1/host/calendar/feed/{carId}', 'get'>>({ status: true, message: 'Calendar feed', data: { url: 'http://127.0.0.1:8080/v1/calendar/feeds/abc.ics' } })),
    http.post('*/v1/host/calendar/feed/car-1/rotate', () => {
      sent.push({ method: 'rotate' });
      return HttpResponse.json<Answer<'/v1/host/calendar/feed/{carId}/rotate', 'post'>>({ status: true, message: 'New address', data: { url: 'http://127.0.0.1:8080/v1/calendar/feeds/def.ics' } });
    }),
    http.get('*/v1/host/calendar/imports/car-1', () => HttpResponse.json<Imports>({ status: true, message: '', data: imports })),
    http.post('*/v1/host/calendar/imports/car-1', async ({ request }) => {
      const body = await request.json();
      sent.push({ method: 'add', body });
      const added: CalendarImport = { importId: 'imp-2', url: 'https://calendar.google.com/x.ics', lastSyncAt: null, lastError: 'The calendar\u2019s address answered HTTP 404.', events: 0, conflicts: [] };
      imports = [...imports, added];
      return HttpResponse.json<Answer<'/v1/host/calendar/imports/{carId}', 'post'>>({ status: true, message: 'Calendar imported', data: added });
    }),
    http.delete('*/v1/host/calendar/imports/car-1/:importId', ({ params }) => {
      sent.push({ method: 'delete', body: params.importId });
      imports = imports.filter((i) => i.importId !== params.importId);
      return HttpResponse.json<Answer<'/v1/host/calendar/imports/{carId}/{importId}', 'delete'>>({ status: true, message: 'Calendar removed', data: imports });
    }),
  );
  return sent;
}

describe("a car's calendar page", () => {
  it('shows the feed address and makes a new one, lists imports with their conflicts, adds one with its error and removes one', async () => {
    setSession('tok', { userId: 'host-1' });
    const sent = backend();
    renderRoutes(hostRoutes, '/host/car/car-1/calendar');
    const user = userEvent.setup();
    expect(await screen.findByTestId('month-grid')).toBeInTheDocument();
    const row = await screen.findByTestId('calendar-import');
    expect(row).toHaveTextContent('https://www.airbnb.com/calendar/ical/1.ics');
    expect(row).toHaveTextContent('3 events');
    expect(within(row).getByTestId('calendar-conflicts')).toHaveTextContent('trip 0193abcd');

    await user.click(screen.getByRole('button', { name: 'Show the calendar address' }));
    expect(await screen.findByLabelText('Calendar address (keep it private)')).toHaveValue('http://127.0.0.1:8080/v1/calendar/feeds/abc.ics');
    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(screen.getByLabelText('Calendar address (keep it private)')).toHaveValue('http://127.0.0.1:8080/v1/calendar/feeds/def.ics'));

    await user.click(screen.getByRole('button', { name: 'Import calendar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Enter the calendar's address");
    await user.type(screen.getByLabelText('Calendar address (.ics)'), ' https://calendar.google.com/x.ics ');
    await user.click(screen.getByRole('button', { name: 'Import calendar' }));
    await waitFor(() => expect(screen.getAllByTestId('calendar-import')).toHaveLength(2));
    expect(screen.getByTestId('calendar-error')).toHaveTextContent('answered HTTP 404');
    await user.click(screen.getByRole('button', { name: 'Remove the calendar https://www.airbnb.com/calendar/ical/1.ics' }));
    await waitFor(() => expect(screen.getAllByTestId('calendar-import')).toHaveLength(1));
    expect(sent).toEqual([{ method: 'rotate' }, { method: 'add', body: { url: 'https://calendar.google.com/x.ics' } }, { method: 'delete', body: 'imp-1' }]);
  }, 20_000);
});
