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

const pending: Incidentals = {
  status: true,
  message: '',
  data: {
    incidentals: [incidental({}), incidental({ _id: 'i2', incidentalId: 'i2', type: 'tolls', label: 'Tolls', description: 'Bay Bridge', charges: [{ label: 'Tolls', amount: 7, platform: false }], total: 7, status: 'charged', paidAt: '2030-01-12T21:00:00Z' })],
    pendingTotal: 154.5,
    priceToPay: 154.5,
    paidTotal: 7,
    role: 'guest',
  },
};

type Sent = { body: unknown; key: string | null; role?: string | null };

function backend(accept: [number, unknown]) {
  const sent: Sent[] = [];
  let current = pending;
  server.use(
    http.get('*/v1/trips/getTrip/:id', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: trip() })),
    http.get('*/v1/trips/getIncidentals/:id', ({ request }) => {
      sent.push({ body: null, key: null, role: new URL(request.url).searchParams.get('role') });
      return HttpResponse.json<Incidentals>(current);
    }),
    http.post('*/v1/trips/acceptIncidentals', async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      if (accept[0] === 200) current = accept[1] as Incidentals;
      return HttpResponse.json(accept[1] as Record<string, unknown>, { status: accept[0] });
    }),
  );
  return sent;
}

const paid: Incidentals = {
  status: true,
  message: 'Incidentals accepted: $154.50 charged.',
  data: { ...pending.data, incidentals: pending.data.incidentals.map((i) => ({ ...i, status: 'charged', paidAt: i.paidAt ?? '2030-01-13T10:00:00Z' })), pendingTotal: 0, priceToPay: 0, paidTotal: 161.5 },
};

describe('incidentals', () => {
  beforeEach(() => setSession('t-guest', user()));

  it('lists each with its type, description, price and status; accepting pays the price shown, once', async () => {
    const sent = backend([200, paid]);
    renderRoutes(tripCareRoutes, '/trip/incidentals?tripId=trip-1');
    const items = await screen.findAllByTestId('incidental');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Cleaning');
    expect(items[0]).toHaveTextContent('Type: cleaning');
    expect(items[0]).toHaveTextContent('Sand all over the back seats');
    expect(items[0]).toHaveTextContent('Price: $154.50');
    expect(items[0]).toHaveTextContent('Pending');
    expect(items[1]).toHaveTextContent('Charged');
    expect(within(items[0]).getByTestId('dispute-until')).toHaveTextContent(/^Accept or dispute by .+; unanswered, it is charged then\.$/);
    expect(screen.getByTestId('price-to-pay')).toHaveTextContent('$154.50');
    expect(sent[0].role).toBe('guest');

    await userEvent.click(screen.getByRole('button', { name: 'Accept and pay $154.50' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept incidentals' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $154.50' }));
    expect(await screen.findByTestId('accept-done')).toHaveTextContent('Incidentals accepted: $154.50 charged.');
    const accepts = sent.filter((s) => s.body);
    expect(accepts).toHaveLength(1);
    expect(accepts[0].body).toEqual({ tripId: 'trip-1', priceToPay: 154.5 });
    expect(accepts[0].key).toMatch(/^incidentals-trip-1-154.5-/);
    await waitFor(() => expect(screen.getByTestId('price-to-pay')).toHaveTextContent('$0.00'));
    expect(screen.getByRole('button', { name: /Accept and pay/ })).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    backend([409, { error: 'price_changed', message: 'The incidentals changed: the total is now $161.50.' }]);
    renderRoutes(tripCareRoutes, '/trip/incidentals?tripId=trip-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and pay $154.50' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay $154.50' }));
    expect(await screen.findByTestId('accept-error')).toHaveTextContent('The incidentals changed: the total is now $161.50.');
  });

  it("shows the server's message when the list is refused", async () => {
    backend([200, paid]);
    server.use(http.get('*/v1/trips/getIncidentals/:id', () => HttpResponse.json({ error: 'not_allowed', message: 'role must be guest or host' }, { status: 403 })));
    renderRoutes(tripCareRoutes, '/trip/incidentals?tripId=trip-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('role must be guest or host');
  });

  it('disputes a pending one with a reason: nothing is charged and support decides', async () => {
    const sent = backend([200, paid]);
    const disputed: Incidentals = {
      status: true,
      message: 'Incidentals disputed: support will look at them.',
      data: { ...pending.data, incidentals: [incidental({ status: 'disputed', disputeReason: 'The car was clean.' }), pending.data.incidentals[1]], pendingTotal: 0, priceToPay: 0 },
    };
    server.use(
      http.post('*/v1/trips/disputeIncidentals/:id', async ({ request, params }) => {
        sent.push({ body: { path: params.id, ...((await request.json()) as object) }, key: null });
        return HttpResponse.json<Incidentals>(disputed);
      }),
    );
    renderRoutes(tripCareRoutes, '/trip/incidentals?tripId=trip-1');
    const [first] = await screen.findAllByTestId('incidental');
    await userEvent.click(within(first).getByRole('button', { name: 'Dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispute Cleaning' });
    const send = within(dialog).getByRole('button', { name: 'Send dispute' });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Why do you dispute it?'), 'The car was clean.');
    await userEvent.click(send);
    expect(await screen.findByTestId('accept-done')).toHaveTextContent('Incidentals disputed: support will look at them.');
    expect(sent.find((s) => s.body && (s.body as { path?: string }).path)?.body).toEqual({ path: 'trip-1', incidentalIds: ['i1'], reason: 'The car was clean.' });
    const [after] = screen.getAllByTestId('incidental');
    expect(after).toHaveTextContent('Disputed');
    expect(within(after).getByTestId('dispute-reason')).toHaveTextContent('Disputed: “The car was clean.”. Support decides; nothing is charged until then.');
    expect(within(after).queryByRole('button', { name: 'Dispute' })).not.toBeInTheDocument();
    expect(screen.getByTestId('price-to-pay')).toHaveTextContent('$0.00');
  });
});
