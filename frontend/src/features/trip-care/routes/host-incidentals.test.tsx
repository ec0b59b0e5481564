import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { trip, user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { tripCareRoutes } from './trip-care-routes';

type Incidentals = Answer<'/v1/trips/getIncidentals/{id}', 'get'>;
type Incidental = Incidentals['data']['incidentals'][number];
type Options = Answer<'/v1/trips/getIncidentalOptions/{id}', 'get'>;

const incidental = (over: Partial<Incidental>): Incidental => ({
  _id: 'i1',
  incidentalId: 'i1',
  tripId: 'trip-1',
  type: 'cleaning',
  label: 'Cleaning',
  description: 'Sand all over the back seats',
  charges: [
    { label: 'Cleaning fee', amount: 150, platform: false },
    { label: 'Processing (3%)', amount: 4.5, platform: true },
  ],
  total: 154.5,
  status: 'pending',
  createdAt: '2030-01-12T20:00:00Z',
  removedAt: null,
  paidAt: null,
  disputeUntil: '2030-01-14T20:00:00Z',
  disputeReason: null,
  photoUrls: [],
  ...over,
});

const list = (items: Incidental[], message = ''): Incidentals => {
  const sum = (s: string) => items.filter((i) => i.status === s).reduce((t, i) => t + i.total, 0);
  return { status: true, message, data: { incidentals: items, pendingTotal: sum('pending'), priceToPay: sum('pending'), paidTotal: sum('charged'), role: 'host' } };
};

/** The kinds pricing answers (services/pricing: KINDS), for a trip returned 45 minutes late. */
const options = (over: Partial<Options['data']> = {}): Options => ({
  status: true,
  data: {
    options: [
      { type: 'late_return', label: 'Late return', rule: '0-29 min late: nothing; 30 min to under 2 h: half the average daily rate.', computedFrom: 'lateness', amount: null, rate: 100, maxAmount: null, amountNow: 50 },
      { type: 'smoking', label: 'Smoking', rule: 'Smoking fine: $250.', computedFrom: 'fixed', amount: 250, rate: null, maxAmount: null, amountNow: null },
      { type: 'cleaning', label: 'Cleaning', rule: 'Cleaning fee: $150 plus 3% processing.', computedFrom: 'fixed', amount: 154.5, rate: null, maxAmount: null, amountNow: null },
      { type: 'fuel', label: 'Fuel', rule: 'The fuel the host paid, up to $2,500.', computedFrom: 'amount', amount: null, rate: null, maxAmount: 2500, amountNow: null },
      { type: 'tolls', label: 'Tolls', rule: 'Tolls incurred during the trip, up to $2,500.', computedFrom: 'amount', amount: null, rate: null, maxAmount: 2500, amountNow: null },
      { type: 'extra_miles', label: 'Extra miles', rule: 'Miles driven beyond those included.', computedFrom: 'miles', amount: null, rate: 0.45, maxAmount: null, amountNow: null },
    ],
    averageDailyRate: 100,
    milesIncluded: 400,
    pricePerMile: 0.45,
    minutesLate: 45,
    canAdd: true,
    ...over,
  },
});

type Call = { path: string; body?: unknown; role?: string | null };

function backend({ opts = options(), add, remove }: { opts?: Options; add?: [number, unknown] | 'network'; remove?: [number, unknown] | 'network' } = {}) {
  const calls: Call[] = [];
  let current = list([incidental({}), incidental({ _id: 'i2', incidentalId: 'i2', type: 'smoking', label: 'Smoking', description: '', charges: [{ label: 'Smoking fine', amount: 250, platform: false }], total: 250, status: 'charged', paidAt: '2030-01-13T10:00:00Z' })]);
  server.use(
    http.get('*/v1/trips/getTrip/:id', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip({ viewerRole: 'host', status: 'completed' }) })),
    http.get('*/v1/trips/getIncidentals/:id', ({ request }) => {
      calls.push({ path: 'list', role: new URL(request.url).searchParams.get('role') });
      return HttpResponse.json<Incidentals>(current);
    }),
    http.get('*/v1/trips/getIncidentalOptions/:id', () => HttpResponse.json<Options>(opts)),
    http.post('*/v1/trips/addIncidentals/:id', async ({ request, params }) => {
      const body = (await request.json()) as { incidentals: { type: string; description: string; amount?: number }[] };
      calls.push({ path: `add/${params.id}`, body });
      if (add === 'network') return HttpResponse.error();
      if (add) return HttpResponse.json(add[1] as Record<string, unknown>, { status: add[0] });
      const added = body.incidentals.map((b, n) => incidental({ _id: `n${n}`, incidentalId: `n${n}`, type: b.type, label: b.type === 'tolls' ? 'Tolls' : b.type, description: b.description, charges: [{ label: 'Tolls', amount: b.amount ?? 0, platform: false }], total: b.amount ?? 0 }));
      current = list([...current.data.incidentals, ...added], 'Incidentals added.');
      return HttpResponse.json<Incidentals>(current);
    }),
    http.post('*/v1/trips/modifyIncidentals/:id', async ({ request, params }) => {
      const body = (await request.json()) as { incidentalIds: string[] };
      calls.push({ path: `remove/${params.id}`, body });
      if (remove === 'network') return HttpResponse.error();
      if (remove) return HttpResponse.json(remove[1] as Record<string, unknown>, { status: remove[0] });
      current = list(current.data.incidentals.map((i) => (body.incidentalIds.includes(i.incidentalId) ? { ...i, status: 'removed', removedAt: '2030-01-13T12:00:00Z' } : i)), 'Incidentals removed.');
      return HttpResponse.json<Incidentals>(current);
    }),
  );
  return calls;
}

const open = () => renderRoutes(tripCareRoutes, '/trip/incidentals?tripId=trip-1');

describe("the host's incidentals", () => {
  beforeEach(() => setSession('t-host', user({ _id: 'host-1', userId: 'host-1', user_id: 'host-1' })));

  it("reads the host's side, shows what was charged and the kinds that can be added with their prices", async () => {
    const calls = backend();
    open();
    const items = await screen.findAllByTestId('incidental');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Cleaning');
    expect(items[0]).toHaveTextContent('Pending');
    expect(items[1]).toHaveTextContent('Charged');
    expect(calls.filter((c) => c.path === 'list').map((c) => c.role)).toEqual(['host']);
    expect(screen.getByTestId('pending-total')).toHaveTextContent('$154.50');
    // The guest's accept button is not the host's.
    expect(screen.queryByRole('button', { name: /Accept and pay/ })).toBeNull();
    const form = await screen.findByRole('region', { name: 'Add incidentals' });
    expect(within(form).getByTestId('option-smoking')).toHaveTextContent('Smoking · $250.00');
    expect(within(form).getByTestId('option-late_return')).toHaveTextContent('$50.00 for 45 min late');
    expect(within(form).getByTestId('option-tolls')).toHaveTextContent('The amount paid, up to $2,500.00');
    expect(within(form).getByTestId('option-extra_miles')).toHaveTextContent('$0.45 a mile beyond the 400 included');
    expect(within(form).getByRole('button', { name: 'Add incidental' })).toBeDisabled();
  });

  it('adds tolls with the amount paid and a note, and a fixed charge, in one call; the list is the answer', async () => {
    const calls = backend();
    open();
    const form = await screen.findByRole('region', { name: 'Add incidentals' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /Tolls/ }));
    await userEvent.type(within(form).getByLabelText('Amount paid for tolls ($)'), '12.50');
    await userEvent.type(within(form).getByLabelText('Note for the guest about tolls (optional)'), 'Bay Bridge, twice');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Late return/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /came back improperly/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add 2 incidentals' }));
    expect(await screen.findByTestId('add-done')).toHaveTextContent('Incidentals added.');
    expect(calls.filter((c) => c.path.startsWith('add'))).toEqual([
      {
        path: 'add/trip-1',
        body: {
          incidentals: [
            { type: 'late_return', description: '', improperReturn: true },
            { type: 'tolls', description: 'Bay Bridge, twice', amount: 12.5 },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('incidental')).toHaveLength(4));
    expect(screen.getAllByTestId('incidental')[3]).toHaveTextContent('Bay Bridge, twice');
    // The form is cleared for the next one.
    expect(within(form).getByRole('checkbox', { name: /Tolls/ })).not.toBeChecked();
  });

  it('checks the amount and the miles before sending', async () => {
    const calls = backend();
    open();
    const form = await screen.findByRole('region', { name: 'Add incidentals' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /Fuel/ }));
    await userEvent.type(within(form).getByLabelText('Amount paid for fuel ($)'), '2600');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Extra miles/ }));
    await userEvent.type(within(form).getByLabelText('Miles driven on the trip'), '300');
    await userEvent.click(within(form).getByRole('button', { name: 'Add 2 incidentals' }));
    expect(await within(form).findByText('Enter at most $2,500.00.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the miles driven on the trip, more than the 400 included.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('add'))).toHaveLength(0);
  });

  it("on a refusal shows the spec's text with the server's reason; without an answer the spec's text alone", async () => {
    backend({ add: [409, { error: 'incidental_exists', message: 'Cleaning is already charged on this trip.' }] });
    open();
    const form = await screen.findByRole('region', { name: 'Add incidentals' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /Cleaning/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add incidental' }));
    const alert = await screen.findByTestId('add-error');
    expect(alert).toHaveTextContent('Failed to add Incidentals');
    expect(alert).toHaveTextContent('Cleaning is already charged on this trip.');
  });

  it("says 'Failed to add Incidentals' when the call fails", async () => {
    backend({ add: 'network' });
    open();
    const form = await screen.findByRole('region', { name: 'Add incidentals' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /Smoking/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add incidental' }));
    expect(await screen.findByTestId('add-error')).toHaveTextContent(/^Failed to add Incidentals$/);
  });

  it('removes the selected pending incidentals after asking', async () => {
    const calls = backend();
    open();
    await screen.findAllByTestId('incidental');
    const remove = screen.getByRole('button', { name: 'Remove selected' });
    expect(remove).toBeDisabled();
    // Only a pending incidental can be selected.
    expect(screen.getAllByRole('checkbox', { name: /^Select .* to remove$/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cleaning to remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove incidentals?' });
    expect(dialog).toHaveTextContent('Cleaning: $154.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('remove-done')).toHaveTextContent('Incidentals removed.');
    expect(calls.filter((c) => c.path.startsWith('remove'))).toEqual([{ path: 'remove/trip-1', body: { incidentalIds: ['i1'] } }]);
    expect(screen.getAllByTestId('incidental')[0]).toHaveTextContent('Removed');
    expect(screen.getByTestId('pending-total')).toHaveTextContent('$0.00');
  });

  it("says 'Failed to remove incidentals.' when removing fails, with the server's reason", async () => {
    backend({ remove: [409, { error: 'incidental_not_pending', message: 'Only pending incidentals can be removed.' }] });
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Cleaning to remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove selected (1)' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByTestId('remove-error');
    expect(alert).toHaveTextContent('Failed to remove incidentals.');
    expect(alert).toHaveTextContent('Only pending incidentals can be removed.');
  });

  it('offers a kind its rule cannot charge disabled, with the reason, and no form once the claim window closed', async () => {
    backend({ opts: options({ minutesLate: 0, pricePerMile: 0, options: options().data.options.map((o) => (o.type === 'late_return' ? { ...o, amountNow: null } : o)) }) });
    const { unmount } = open();
    const form = await screen.findByRole('region', { name: 'Add incidentals' });
    expect(within(form).getByRole('checkbox', { name: /Late return/ })).toBeDisabled();
    expect(within(form).getByTestId('option-late_return')).toHaveTextContent('The car was not returned late.');
    expect(within(form).getByRole('checkbox', { name: /Extra miles/ })).toBeDisabled();
    expect(within(form).getByTestId('option-extra_miles')).toHaveTextContent('This trip has no price per extra mile.');
    unmount();

    backend({ opts: options({ canAdd: false }) });
    open();
    expect(await screen.findByTestId('cannot-add')).toHaveTextContent('until 48 hours after the car is returned');
    expect(screen.queryByRole('region', { name: 'Add incidentals' })).toBeNull();
  });
});
