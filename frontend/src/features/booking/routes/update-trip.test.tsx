import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer, ProtectionPlan, Trip } from '@/api/types';
import { carDetails, trip, tripPrice } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { addDays, formatDisplayDate, startOfDay, toYmd } from '@/lib/dates';
import UpdateTripRoute from './update-trip';
import TripRoute from './trip';

const routes = [
  { path: '/update-trip', element: <UpdateTripRoute /> },
  { path: '/bookings', element: <TripRoute /> },
];
const PLANS: ProtectionPlan[] = [
  { name: 'Standard', label: 'Standard', coverage: ['$500 deductible'], percentOfTripPrice: 20, deductible: 500, isDefault: true },
  { name: 'Minimum', label: 'Minimum', coverage: ['$3,000 deductible'], percentOfTripPrice: 10, deductible: 3000, isDefault: false },
  { name: 'Decline', label: 'High Risk', coverage: ['No protection'], percentOfTripPrice: 0, deductible: null, isDefault: false },
];
// The browser's zone stands for the car's, so "today" is the same day for the page and the test.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const day = (n: number) => toYmd(addDays(startOfDay(new Date()), n));

let current: Trip;
let priceBodies: unknown[];
let sentBodies: unknown[];

function serve(t: Partial<Trip>) {
  current = trip({ timeZone: ZONE, extras: [], protectionPlanType: 'Standard', finalPrice: 200, ...t });
  priceBodies = [];
  sentBodies = [];
  server.use(
    http.get('*/v1/trips/getTrip/trip-1', () => HttpResponse.json<Answer<'/v1/trips/getTrip/{id}', 'get'>>({ status: true, message: '', data: current })),
    http.get('*/v1/trips/getDeliveryTasks/trip-1', () => HttpResponse.json({ error: 'trip_not_found', message: 'Trip not found' }, { status: 404 })),
    http.get('*/v1/cars/getCar/car-1', () =>
      HttpResponse.json<Answer<'/v1/cars/getCar/{carId}', 'get'>>({
        status: true,
        data: carDetails({ extras: [{ extraId: 'x1', extraType: 'Child seat', description: 'For ages 1-4', price: { amount: 10, per: 'day' }, isQuantityChoosable: false, availableQuantity: 1 }] }),
      }),
    ),
    http.get('*/v1/trips/protectionPlans', () => HttpResponse.json<Answer<'/v1/trips/protectionPlans', 'get'>>({ status: true, data: PLANS })),
    http.post('*/v1/tripPrice/getModifiedTripPrice', async ({ request }) => {
      priceBodies.push(await request.json());
      return HttpResponse.json<Answer<'/v1/tripPrice/getModifiedTripPrice', 'post'>>({ status: true, data: tripPrice({ finalPrice: 250 }), previousPrice: 200, priceDifference: 50 });
    }),
  );
}

beforeEach(() => setSession('t', { userId: 'u1' }));

async function openCalendar() {
  fireEvent.click(await screen.findByTestId('from-date'));
  return screen.getByRole('dialog', { name: 'Choose new trip dates' });
}
describe("/update-trip's calendar Clear (spec 000 section 4.1)", () => {
  it('returns to the original range when the trip starts today', async () => {
    serve({ newStartDate: day(0), newEndDate: day(2) });
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    let cal = await openCalendar();
    // A later end (in the next month when today is near a month's end).
    if (!cal.querySelector(`[data-date="${day(5)}"]`)) fireEvent.click(within(cal).getByRole('button', { name: 'Next month' }));
    fireEvent.click(cal.querySelector(`[data-date="${day(5)}"]`)!);
    expect(cal.querySelector(`[data-date="${day(5)}"]`)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(cal).getByRole('button', { name: 'Clear' }));
    // The calendar starts again on the booked range, in the month of its start.
    cal = screen.getByRole('dialog', { name: 'Choose new trip dates' });
    expect(cal.querySelector(`[data-date="${day(0)}"]`)).toHaveAttribute('aria-pressed', 'true');
    expect(cal.querySelector(`[data-date="${day(5)}"]`)?.getAttribute('aria-pressed') ?? 'false').toBe('false');
    fireEvent.click(within(cal).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('from-date')).toHaveValue(formatDisplayDate(day(0)));
    expect(screen.getByTestId('until-date')).toHaveValue(formatDisplayDate(day(2)));
  });

  it('resets to tomorrow through the day after when the trip starts later', async () => {
    serve({ newStartDate: day(10), newEndDate: day(12) });
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    let cal = await openCalendar();
    expect(cal.querySelector(`[data-date="${day(10)}"]`)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(cal).getByRole('button', { name: 'Clear' }));
    cal = screen.getByRole('dialog', { name: 'Choose new trip dates' });
    expect(cal.querySelector(`[data-date="${day(1)}"]`)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(cal).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('from-date')).toHaveValue(formatDisplayDate(day(1)));
    expect(screen.getByTestId('until-date')).toHaveValue(formatDisplayDate(day(2)));
  });
});

describe('/update-trip', () => {
  it('marks the current plan, shows the new price before sending, sends the change and the trip page shows it pending', async () => {
    serve({ newStartDate: day(10), newEndDate: day(12), newStartTime: '10:00 AM', newEndTime: '10:00 AM' });
    server.use(
      http.post('*/v1/trips/createModifyTripRequest', async ({ request }) => {
        sentBodies.push(await request.json());
        current = {
          ...current,
          status: 'modification_pending',
          history: [{ fromStatus: 'confirmed', toStatus: 'modification_pending', action: 'request_modification', actorRole: 'guest', actorId: 'u1', reason: 'new total $250.00 (+50.00)', at: new Date().toISOString() }],
        };
        return HttpResponse.json<Answer<'/v1/trips/createModifyTripRequest', 'post'>>({ status: true, message: 'Modification requested; the other party will answer.', data: current });
      }),
    );
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    expect(await screen.findByTestId('current-plan')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-Standard')).getByTestId('current-plan')).toHaveTextContent('Current plan');
    expect(screen.getByTestId('no-change')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send change request' });
    expect(send).toBeDisabled();
    expect(document.title).toBe('Change your trip | Upcar');

    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '2:00 PM' } });
    const price = await screen.findByTestId('modified-price');
    expect(within(price).getByTestId('new-total')).toHaveTextContent('$250.00');
    expect(within(price).getByTestId('price-difference')).toHaveTextContent('You pay $50.00 more.');
    expect(priceBodies).toEqual([{ tripId: 'trip-1', newStartDate: day(10), newStartTime: '10:00 AM', newEndDate: day(12), newEndTime: '2:00 PM' }]);
    await waitFor(() => expect(send).toBeEnabled());

    fireEvent.change(screen.getByLabelText('Message to the host (optional)'), { target: { value: 'A later return, please' } });
    fireEvent.click(send);
    expect(await screen.findByTestId('pending-modification')).toHaveTextContent('You asked to change this trip.');
    expect(screen.getByTestId('trip-status')).toHaveTextContent('modification pending');
    expect(sentBodies).toEqual([{ tripId: 'trip-1', newStartDate: day(10), newStartTime: '10:00 AM', newEndDate: day(12), newEndTime: '2:00 PM', message: 'A later return, please' }]);
  });

  it('sends extras and plan without dates when only they change', async () => {
    serve({ newStartDate: day(10), newEndDate: day(12) });
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose extras' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Child seat/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('radio', { name: /Minimum/ }));
    await waitFor(() => expect(priceBodies.at(-1)).toEqual({ tripId: 'trip-1', extras: [{ extraId: 'x1', extraType: 'Child seat', quantity: 1 }], protectionPlanType: 'Minimum' }));
    expect(await screen.findByTestId('modified-price')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the price or the request", async () => {
    serve({ newStartDate: day(10), newEndDate: day(12) });
    server.use(
      http.post('*/v1/tripPrice/getModifiedTripPrice', () => HttpResponse.json({ error: 'car_not_available', message: 'The car is not available for these dates.' }, { status: 409 })),
    );
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    fireEvent.change(await screen.findByLabelText('End time'), { target: { value: '2:00 PM' } });
    expect(await screen.findByTestId('price-error')).toHaveTextContent('The car is not available for these dates.');
    expect(screen.getByRole('button', { name: 'Send change request' })).toBeDisabled();
  });

  it("shows the server's message when the request is refused", async () => {
    serve({ newStartDate: day(10), newEndDate: day(12) });
    server.use(http.post('*/v1/trips/createModifyTripRequest', () => HttpResponse.json({ error: 'invalid_trip_status', message: 'Only a confirmed trip can be changed.' }, { status: 409 })));
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    fireEvent.change(await screen.findByLabelText('End time'), { target: { value: '2:00 PM' } });
    await screen.findByTestId('modified-price');
    const send = screen.getByRole('button', { name: 'Send change request' });
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send);
    expect(await screen.findByTestId('send-error')).toHaveTextContent('Only a confirmed trip can be changed.');
  });

  it('says a trip with a pending change, or one not confirmed, cannot be changed here', async () => {
    serve({ status: 'modification_pending' });
    const { unmount } = renderRoutes(routes, '/update-trip?tripId=trip-1');
    expect(await screen.findByTestId('not-changeable')).toHaveTextContent('already has a change request waiting');
    unmount();
    serve({ status: 'in_progress' });
    renderRoutes(routes, '/update-trip?tripId=trip-1');
    expect(await screen.findByTestId('not-changeable')).toHaveTextContent('Only a confirmed trip that has not started can be changed.');
  });
});
