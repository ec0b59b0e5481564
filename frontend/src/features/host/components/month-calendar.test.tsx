import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { hostListing, trip } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import type { Block } from '../api/custom-availability';
import { MonthCalendar } from './month-calendar';

const NOW = new Date(2030, 0, 2, 9, 0);

function backend() {
  let blocks: Block[] = [
    { _id: 'b1', carIds: ['car-1'], startDate: '2030-01-10', startTime: '', endDate: '2030-01-14', endTime: '', reason: 'Service' },
    { _id: 'all', carIds: [], startDate: '2030-01-31', startTime: '', endDate: '2030-01-31', endTime: '', reason: '' },
  ];
  const sent: unknown[] = [];
  server.use(
    http.get('*/v1/trips/getAllFutureBookingsForHostSortByDate', () =>
      HttpResponse.json({ status: true, message: '', data: [trip({ tripId: 't1', startDate: '2030-01-03', endDate: '2030-01-05', status: 'confirmed', renterName: 'Maya Patel' })] }),
    ),
    http.get('*/v1/host/getPastTripsForHost', () => HttpResponse.json({ status: false, message: 'No past trips' }, { status: 404 })),
    http.get('*/v1/trips/getCustomAvailabilityForHost', () => HttpResponse.json({ status: true, message: '', data: blocks })),
    http.post('*/v1/trips/updateCustomAvailabilityForHost', async ({ request }) => {
      const body = (await request.json()) as { action: string; customAvailability: (Block & { carId?: string })[] };
      sent.push(body);
      const [b] = body.customAvailability;
      if (body.action === 'add') blocks = [...blocks, { ...b, _id: `new-${sent.length}`, carIds: [b.carId!] }];
      if (body.action === 'update') blocks = blocks.map((x) => (x._id === b._id ? { ...x, ...b, carIds: x.carIds } : x));
      if (body.action === 'delete') blocks = blocks.filter((x) => x._id !== b._id);
      return HttpResponse.json({ status: true, message: 'Availability updated', data: blocks });
    }),
  );
  return sent;
}

const day = (date: string) => screen.getByTestId('month-grid').querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

describe("a car's month calendar", () => {
  it('shows trips, blocks and prices per date; a trip day links to the trip', async () => {
    setSession('tok', { userId: 'host-1' });
    backend();
    renderWithProviders(<MonthCalendar car={hostListing({ dailyPrice: 92, datePrices: [{ date: '2030-01-20', dailyPrice: 150 }] })} readOnly={false} now={NOW} />);
    await screen.findByTestId('month-grid');
    expect(screen.getByRole('heading', { name: 'January 2030' })).toBeInTheDocument();
    expect(day('2030-01-04')).toHaveAttribute('data-state', 'booked');
    expect(day('2030-01-04')).toHaveAccessibleName(/Booked: Maya Patel/);
    expect(day('2030-01-12')).toHaveAttribute('data-state', 'blocked');
    expect(day('2030-01-20')).toHaveTextContent('$150');
    expect(day('2030-01-20')).toHaveAccessibleName(/\$150\.00, the price for this date/);
    expect(day('2030-01-21')).toHaveTextContent('$92');
    expect(day('2030-01-01')).toBeDisabled(); // past and free

    await userEvent.click(day('2030-01-04'));
    const panel = screen.getByTestId('month-day');
    expect(panel).toHaveTextContent('Booked: Maya Patel, Jan 3 – Jan 5');
    expect(within(panel).getByRole('link', { name: 'Open the trip' })).toHaveAttribute('href', '/bookings?tripId=t1');

    await userEvent.click(day('2030-01-31'));
    expect(screen.getByTestId('month-day')).toHaveTextContent('This block covers all your cars');
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'February 2030' })).toBeInTheDocument();
  });

  it('blocks the days between two picks with a note, and frees one day inside a block by cutting it in two', async () => {
    setSession('tok', { userId: 'host-1' });
    const sent = backend();
    renderWithProviders(<MonthCalendar car={hostListing()} readOnly={false} now={NOW} />);
    await screen.findByTestId('month-grid');
    const user = userEvent.setup();
    await user.click(day('2030-01-22'));
    expect(screen.getByRole('button', { name: 'Block this day' })).toBeInTheDocument();
    await user.click(day('2030-01-20'));
    await user.type(screen.getByLabelText('Note (only you see it)'), 'Family trip');
    await user.click(screen.getByRole('button', { name: 'Block these days' }));
    await waitFor(() => expect(day('2030-01-21')).toHaveAttribute('data-state', 'blocked'));
    expect(sent[0]).toEqual({ action: 'add', customAvailability: [{ carId: 'car-1', startDate: '2030-01-20', endDate: '2030-01-22', reason: 'Family trip' }] });

    await user.click(day('2030-01-12'));
    await user.click(within(screen.getByTestId('month-day')).getByRole('button', { name: 'Unblock Jan 12 only' }));
    await waitFor(() => expect(day('2030-01-12')).toHaveAttribute('data-state', 'free'));
    expect(day('2030-01-11')).toHaveAttribute('data-state', 'blocked');
    expect(day('2030-01-13')).toHaveAttribute('data-state', 'blocked');
    expect(sent.slice(1)).toEqual([
      { action: 'update', customAvailability: [{ _id: 'b1', carId: 'car-1', startDate: '2030-01-10', startTime: '', endDate: '2030-01-11', endTime: '', reason: 'Service' }] },
      { action: 'add', customAvailability: [{ carId: 'car-1', startDate: '2030-01-13', startTime: '', endDate: '2030-01-14', endTime: '', reason: 'Service' }] },
    ]);
  });

  it('is read only for a co-host without availability rights: days show, nothing is offered', async () => {
    setSession('tok', { userId: 'cohost-1' });
    backend();
    renderWithProviders(<MonthCalendar car={hostListing()} readOnly now={NOW} />);
    await screen.findByTestId('month-grid');
    await userEvent.click(day('2030-01-12'));
    expect(screen.getByTestId('month-day')).toHaveTextContent('Blocked Jan 10 – Jan 14 · Service');
    expect(screen.queryByRole('button', { name: /Unblock/ })).not.toBeInTheDocument();
    await userEvent.click(day('2030-01-22'));
    expect(screen.queryByRole('button', { name: /Block this day/ })).not.toBeInTheDocument();
  });
});
