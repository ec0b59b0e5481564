import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { user } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { activity, type ActivityEvent } from '@/lib/activity';
import { useBookingGate } from './use-booking-gate';

type Availability = Answer<'/v1/cars/isCarAvailableForTheseDates/{id}', 'get'>;

const range = { fromDate: '2030-01-10', fromTime: '10:20 AM', untilDate: '2030-01-12', untilTime: '10:00 AM' };

function Book() {
  const gate = useBookingGate('car-1', range);
  return (
    <>
      <button type="button" onClick={gate.proceed}>
        Book
      </button>
      {gate.alternatives && <p>{gate.alternatives.sameCar.map((w) => w.startDate).join(', ')} free</p>}
    </>
  );
}

const routes = [
  { path: '/car/car-1', element: <Book /> },
  { path: '/checkout', element: <p>checkout page</p> },
  { path: '/verification/prebook', element: <p>prebook page</p> },
  { path: '/error/user-trips-error', element: <p>trips error page</p> },
];

function backend({ needed = { dob: false, emailVerified: true, dlUploadNeeded: false }, userAvailable = true, carAvailable = true } = {}) {
  const calls: string[] = [];
  server.use(
    http.get('*/v1/cars/isCarAvailableForTheseDates/car-1', ({ request }) => {
      calls.push(`car ${new URL(request.url).searchParams.get('fromTime')}`);
      return carAvailable
        ? HttpResponse.json<Availability>({ status: true, available: true, message: '' })
        : HttpResponse.json({ status: false, error: 'car_not_available', available: false, message: 'The car is booked for these dates.', alternatives: { sameCar: [{ startDate: '2030-01-13', startTime: '10:30 AM', endDate: '2030-01-15', endTime: '10:00 AM' }], otherCars: [] } }, { status: 409 });
    }),
    http.get('*/v1/users/getuser/u1', () => {
      calls.push('user');
      return HttpResponse.json<Answer<'/v1/users/getuser/{id}', 'get'>>({ status: true, user: user({ preBookVerifNeededFields: needed }) });
    }),
    http.get('*/v1/cars/isUserAvailableForTheDates', () => {
      calls.push('user-available');
      return HttpResponse.json<Answer<'/v1/cars/isUserAvailableForTheDates', 'get'>>({ status: true, isUserAvailable: userAvailable, message: userAvailable ? '' : 'User is not available.' });
    }),
  );
  return calls;
}

describe('booking gate', () => {
  it('sends a complete profile to checkout with the rounded times', async () => {
    setSession('t', { userId: 'u1' });
    const calls = backend();
    const { router } = renderRoutes(routes, '/car/car-1');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('checkout page');
    expect(calls).toEqual(['car 10:30 AM', 'user', 'user-available']);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ carId: 'car-1', startDate: '2030-01-10', endDate: '2030-01-12', startTime: '10:30 AM', endTime: '10:00 AM' });
  });

  it('sends a profile missing verification to /verification/prebook', async () => {
    setSession('t', { userId: 'u1' });
    backend({ needed: { dob: false, emailVerified: true, dlUploadNeeded: true } });
    renderRoutes(routes, '/car/car-1');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('prebook page')).toBeInTheDocument();
  });

  it('sends a user with a trip in the window to the trips error page', async () => {
    setSession('t', { userId: 'u1' });
    backend({ userAvailable: false });
    renderRoutes(routes, '/car/car-1');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('trips error page')).toBeInTheDocument();
    expect(screen.getByText('User is not available.')).toBeInTheDocument();
  });

  it('stays on the page with the server message and the alternatives when the car is taken', async () => {
    setSession('t', { userId: 'u1' });
    const calls = backend({ carAvailable: false });
    renderRoutes(routes, '/car/car-1');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('The car is booked for these dates.')).toBeInTheDocument();
    expect(screen.getByText('2030-01-13 free')).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['car 10:30 AM']));
  });

  it('asks a logged-out visitor to log in first and calls nothing', async () => {
    const calls = backend();
    renderRoutes(routes, '/car/car-1');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('booking started event', () => {
  function captureActivity() {
    const batches: { auth: string | null; events: ActivityEvent[] }[] = [];
    server.use(
      http.post('*/v1/activity/bulk', async ({ request }) => {
        const body = (await request.json()) as { activities: ActivityEvent[] };
        batches.push({ auth: request.headers.get('Authorization'), events: body.activities });
        return HttpResponse.json({ status: true, message: 'ok', data: { accepted: body.activities.length, duplicates: 0, rejected: 0, results: [] } }, { status: 202 });
      }),
    );
    return batches;
  }

  it('Book sends booking_started with the car and the rounded dates, with the token', async () => {
    setSession('t', { userId: 'u1' });
    backend();
    const batches = captureActivity();
    renderRoutes(routes, '/car/car-1');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('checkout page');
    activity.flush();
    await waitFor(() => expect(batches.flatMap((b) => b.events).some((e) => e.activityType === 'booking_started')).toBe(true));
    const batch = batches.find((b) => b.events.some((e) => e.activityType === 'booking_started'))!;
    expect(batch.auth).toBe('Bearer t');
    const e = batch.events.find((x) => x.activityType === 'booking_started')!;
    expect(e.activityCategory).toBe('booking');
    expect(e.metadata).toMatchObject({ carId: 'car-1', startDate: '2030-01-10', startTime: '10:30 AM', endDate: '2030-01-12', endTime: '10:00 AM' });
  });

  it('is logged once per press, also for a signed-out visitor asked to log in', async () => {
    backend();
    const track = vi.spyOn(activity, 'track').mockImplementation(() => {});
    try {
      renderRoutes(routes, '/car/car-1');
      await userEvent.click(screen.getByRole('button', { name: 'Book' }));
      await screen.findByRole('dialog', { name: 'Log in' });
      expect(track.mock.calls.filter(([type]) => type === 'booking_started')).toHaveLength(1);
    } finally {
      track.mockRestore();
    }
  });
});
