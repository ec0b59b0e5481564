import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer, Trip } from '@/api/types';
import { trip } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import TripRoute from './trip';

const routes = [{ path: '/bookings', element: <TripRoute /> }];

let current: Trip;
let refundCalls: number;
type Sent = { key: string | null; body: unknown };
let sent: Sent[];

beforeEach(() => {
  setSession('t', { userId: 'u1' });
  current = trip({ status: 'confirmed', finalPrice: 199.5 });
  refundCalls = 0;
  sent = [];
  server.use(
    http.get('*/v1/trips/getTrip/trip-1', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: current })),
    http.get('*/v1/trips/getDeliveryTasks/trip-1', () => HttpResponse.json({ error: 'trip_not_found', message: 'Trip not found' }, { status: 404 })),
    http.get('*/v1/tripPrice/getTripRefundPrice', ({ request }) => {
      refundCalls++;
      expect(new URL(request.url).searchParams.get('tripId')).toBe('trip-1');
      return HttpResponse.json<Answer<'/v1/tripPrice/getTripRefundPrice', 'get'>>({
        status: true,
        message: 'Cancelled less than 24 hours before the start: 50% refund.',
        data: { tripId: 'trip-1', paidAmount: 199.5, refundAmount: 99.75, ownerEarnings: 47.88, platformFee: 51.87, rule: 'within24HoursOfStart' },
      });
    }),
  );
});

/** cancelTrip answers each attempt in turn with the given answers. */
function cancelAnswers(...answers: (() => Response)[]) {
  server.use(
    http.post('*/v1/trips/cancelTrip', async ({ request }) => {
      sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      return answers[Math.min(sent.length, answers.length) - 1]();
    }),
  );
}

const cancelled = () => {
  current = { ...current, status: 'cancelled_by_guest', isCancelled: true, cancelledBy: 'guest', refundAmount: 99.75, cancelReason: 'Plans changed' };
  return HttpResponse.json<Answer<'/v1/trips/cancelTrip', 'post'>>({ status: true, message: 'Trip cancelled', data: current });
};

async function openDialog() {
  renderRoutes(routes, '/bookings?tripId=trip-1');
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel trip' }));
  return screen.getByRole('dialog', { name: 'Cancel this trip?' });
}

describe('cancelling a trip', () => {
  it('shows what comes back and what is kept before confirming', async () => {
    cancelAnswers(cancelled);
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm cancellation' });
    expect(confirm).toBeDisabled();
    expect(await within(dialog).findByTestId('refund-amount')).toHaveTextContent('$99.75');
    expect(within(dialog).getByTestId('refund-kept')).toHaveTextContent('$99.75');
    expect(within(dialog).getByText('$199.50')).toBeInTheDocument();
    expect(within(dialog).getByTestId('refund-rule')).toHaveTextContent('Cancelled less than 24 hours before the start: 50% refund.');
    expect(confirm).toBeEnabled();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Plans changed' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ tripId: 'trip-1', cancelReason: 'Plans changed' });
    expect(sent[0].key).toMatch(/.{16,}/);
    // Afterwards the trip shows cancelled with the refund.
    expect(await screen.findByTestId('trip-refund')).toHaveTextContent('$99.75');
    expect(screen.getByTestId('trip-status')).toHaveTextContent('cancelled by guest');
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
    expect(refundCalls).toBe(1);
  });

  it('retries with the same Idempotency-Key after a failure, and a new dialog makes a new one', async () => {
    cancelAnswers(
      () => HttpResponse.json({ error: 'service_unavailable', message: 'Payments are unavailable right now.' }, { status: 503 }),
      () => HttpResponse.json({ error: 'service_unavailable', message: 'Payments are unavailable right now.' }, { status: 503 }),
      cancelled,
    );
    let dialog = await openDialog();
    await within(dialog).findByTestId('refund-amount');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await within(dialog).findByTestId('cancel-error')).toHaveTextContent('Payments are unavailable right now.');
    // Closed and opened again: a new dialog, a new key.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my trip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel trip' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this trip?' });
    await within(dialog).findByTestId('refund-amount');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await within(dialog).findByTestId('cancel-error')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(3);
    expect(sent[2].key).toBe(sent[1].key);
    expect(sent[1].key).not.toBe(sent[0].key);
    expect(await screen.findByTestId('trip-refund')).toHaveTextContent('$99.75');
  });

  it("shows the server's message when it refuses", async () => {
    cancelAnswers(() => HttpResponse.json({ error: 'invalid_trip_status', message: 'A trip in progress cannot be cancelled.' }, { status: 409 }));
    const dialog = await openDialog();
    await within(dialog).findByTestId('refund-amount');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A trip in progress cannot be cancelled.');
  });

  it("says so when the refund cannot be worked out, and cannot be confirmed then", async () => {
    server.use(http.get('*/v1/tripPrice/getTripRefundPrice', () => HttpResponse.json({ error: 'trip_not_found', message: 'Trip not found' }, { status: 404 })));
    cancelAnswers(cancelled);
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Trip not found');
    expect(within(dialog).getByRole('button', { name: 'Confirm cancellation' })).toBeDisabled();
  });
});
