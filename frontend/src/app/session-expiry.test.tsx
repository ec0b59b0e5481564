import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import type { SessionAnswer } from '@/api/types';
import LoginStaticRoute from '@/features/auth/routes/login-static';
import { api } from '@/lib/api-client';
import { getSession, setSession } from '@/lib/session';
import { session, user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { Layout } from './layout';

/** A page that reads the trip with the session's token. */
function TripPage() {
  const trip = useQuery({ queryKey: queryKeys.trips.detail('trip-1'), queryFn: () => api.get('/v1/trips/getTrip/{id}', { path: { id: 'trip-1' } }), retry: false });
  return <p>{trip.data ? `trip of ${trip.data.data.carName}` : 'trip page'}</p>;
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/bookings', element: <TripPage /> },
      { path: '/login-static', element: <LoginStaticRoute /> },
      { path: '/', element: <p>home page</p> },
    ],
  },
];

/** getTrip refuses `dead` as the gateway does an expired token, and answers any other. */
function backend(dead: string) {
  server.use(
    http.get('*/v1/trips/getTrip/trip-1', ({ request }) =>
      request.headers.get('authorization') === `Bearer ${dead}`
        ? HttpResponse.json({ error: 'token_expired', message: 'The token has expired' }, { status: 401 })
        : HttpResponse.json({ status: true, message: '', data: { carName: '2022 Toyota RAV4' } }),
    ),
    http.post('*/v1/users/login', () => HttpResponse.json<SessionAnswer>(session({ access_token: 'new-token', user: user({ firstName: 'Dana' }) }))),
    http.post('*/v1/users/verifyToken', async ({ request }) => {
      const { token } = (await request.json()) as { token: string };
      if (token === dead) return HttpResponse.json({ error: 'token_invalid', message: 'Invalid token' }, { status: 401 });
      return HttpResponse.json<SessionAnswer>(session({ access_token: token, user: null }));
    }),
  );
}

async function logInAgain() {
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  expect(within(dialog).getByTestId('login-notice')).toHaveTextContent('Your session has expired. Please log in again.');
  await userEvent.type(within(dialog).getByLabelText('Email'), 'guest@example.com');
  await userEvent.type(within(dialog).getByLabelText('Password'), 'secret123');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
}

describe('an ended session', () => {
  it('a call refused with token_expired clears the session and goes to the login with the page kept; after login the user is back there', async () => {
    backend('dead-token');
    // The load check passes (the token was fine then); the trip call finds it expired.
    server.use(http.post('*/v1/users/verifyToken', () => HttpResponse.json<SessionAnswer>(session({ access_token: 'dead-token', user: null }))));
    setSession('dead-token', user());
    const { router } = renderRoutes(routes, '/bookings?tripId=trip-1#history');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-static'));
    expect(new URLSearchParams(router.state.location.search).get('nextPage')).toBe('/bookings?tripId=trip-1#history');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    backend('dead-token');
    await logInAgain();
    expect(await screen.findByText('trip of 2022 Toyota RAV4')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`).toBe('/bookings?tripId=trip-1#history');
    expect(getSession()?.token).toBe('new-token');
  });

  it('a stored token the load check refuses goes to the login too, with the page', async () => {
    backend('stale-token');
    setSession('stale-token', user());
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-static'));
    expect(new URLSearchParams(router.state.location.search).get('nextPage')).toBe('/');
    expect(getSession()).toBeNull();
    await logInAgain();
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
