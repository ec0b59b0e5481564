import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Invitation, SessionAnswer } from '@/api/types';
import { session, user } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { getSession, setSession } from '@/lib/session';
import AdditionalDriverRoute from './additional-driver';

const TOKEN = 'ab12'.repeat(16);
const URL_WITH_TOKEN = `/additional-driver?token=${TOKEN}`;

const invitation: Invitation = {
  tripId: 'trip-1',
  email: 'dana@example.com',
  status: 'invited',
  expiresAt: '2030-01-09T18:00:00+00:00',
  reservationNumber: 'UPC-2030-0042',
  carId: 'car-1',
  startTime: '2030-01-10T10:00:00-08:00',
  endTime: '2030-01-12T16:30:00-08:00',
  timeZone: 'America/Los_Angeles',
};

const routes = [
  { path: '/additional-driver', element: <AdditionalDriverRoute /> },
  { path: '/bookings', element: <p>trips page</p> },
  { path: '/verification/prebook', element: <p>prebook page</p> },
];

const dana = user({ _id: 'u-dana', userId: 'u-dana', user_id: 'u-dana', email: 'dana@example.com', firstName: 'Dana' });

type Call = { path: string; body: unknown; auth: string | null };

/** The two invitation calls; each answers with the given status and body (success by default). */
function backend({ verify, accept }: { verify?: [number, unknown]; accept?: [number, unknown] | (() => Promise<Response>) } = {}) {
  const calls: Call[] = [];
  server.use(
    http.post('*/v1/additionaldriver/verification', async ({ request }) => {
      calls.push({ path: 'verification', body: await request.json(), auth: request.headers.get('Authorization') });
      const [status, body] = verify ?? [200, { status: true, message: 'The invitation is valid.', data: invitation }];
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
    http.post('*/v1/additionaldriver/addDriverToTrip', async ({ request }) => {
      calls.push({ path: 'addDriverToTrip', body: await request.json(), auth: request.headers.get('Authorization') });
      if (typeof accept === 'function') return accept();
      const [status, body] = accept ?? [200, { status: true, message: 'You are now an additional driver on this trip.', data: { ...invitation, status: 'added' } }];
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return calls;
}

const fail = (status: number, error: string, message: string): [number, unknown] => [status, { error, message }];
// Some ICU versions put a narrow no-break space before AM/PM.
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

describe('additional-driver invitation page', () => {
  it('says the link is incomplete when the token is missing, and calls nothing', async () => {
    setSession('t', dana);
    const calls = backend();
    renderRoutes(routes, '/additional-driver');
    expect(screen.getByRole('heading', { level: 1, name: 'Driver invitation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is missing its code.');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    // Give any request a moment to be sent (none should be).
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toEqual([]);
  });

  it('asks a signed-out visitor to log in or sign up, then continues after login', async () => {
    const calls = backend();
    server.use(
      http.post('*/v1/users/login', () => HttpResponse.json<SessionAnswer>(session({ access_token: 't-dana', user: dana }))),
      http.post('*/v1/users/verifyToken', () => HttpResponse.json<SessionAnswer>(session({ access_token: 't-dana', user: dana }))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, URL_WITH_TOKEN);
    expect(screen.getByRole('heading', { name: 'Sign in to accept' })).toBeInTheDocument();
    expect(screen.getByText(/with the email address the invitation was sent to/)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login Here' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Email'), 'dana@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    const heading = await screen.findByRole('heading', { name: "You're invited to drive" });
    expect(getSession()?.token).toBe('t-dana');
    expect(calls).toEqual([{ path: 'verification', body: { token: TOKEN }, auth: 'Bearer t-dana' }]);
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('shows the trip in its own time zone and accepts the invitation', async () => {
    setSession('t', dana);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const calls = backend({
      accept: async () => {
        await held;
        return HttpResponse.json({ status: true, message: 'You are now an additional driver on this trip.', data: { ...invitation, status: 'added' } });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, URL_WITH_TOKEN);
    expect(screen.getByText('Checking your invitation…')).toHaveAttribute('role', 'status');

    await screen.findByText('UPC-2030-0042');
    const facts = screen.getAllByRole('definition');
    expect(facts.map(plain)).toEqual(['UPC-2030-0042', 'Thu, Jan 10, 2030, 10:00 AM PST', 'Sat, Jan 12, 2030, 4:30 PM PST', 'dana@example.com', 'Wed, Jan 9, 2030, 10:00 AM PST']);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Reservation number', 'Trip starts', 'Trip ends', 'Invited email', 'Invitation expires']);

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    const pending = await screen.findByRole('button', { name: 'Accepting…' });
    expect(pending).toBeDisabled();
    release();

    const done = await screen.findByRole('heading', { name: "You're a driver on this trip" });
    expect(screen.getByText('You are now an additional driver on this trip.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(done).toHaveFocus());
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['verification', { token: TOKEN }],
      ['addDriverToTrip', { token: TOKEN }],
    ]);
    const see = screen.getByRole('link', { name: 'See the trip' });
    expect(see).toHaveAttribute('href', '/bookings?tripId=trip-1');
    await user.click(see);
    expect(await screen.findByText('trips page')).toBeInTheDocument();
  });

  const verifyErrors: [string, number, string, string, string | null][] = [
    ['token_required', 400, 'token is required', 'The invitation link is missing its code. Open the link in your invitation email again.', null],
    ['invitation_not_found', 404, 'This invitation link is not valid.', 'This invitation link is not valid.', null],
    ['invitation_for_another_email', 403, 'This invitation was sent to another email address. Sign in with that address.', 'This invitation was sent to another email address. Sign in with that address.', 'Log in with another account'],
    ['invitation_used', 409, 'This invitation has already been used.', 'This invitation has already been used.', 'Go to your trips'],
    ['invitation_expired', 409, 'This invitation has expired. Ask the guest to invite you again.', 'This invitation has expired. Ask the guest to invite you again.', null],
    ['invalid_trip_status', 409, 'This trip is no longer booked.', 'This trip is no longer booked.', null],
  ];

  it.each(verifyErrors)('explains %s from the verification', async (code, status, serverMessage, shown, action) => {
    setSession('t', dana);
    backend({ verify: fail(status, code, serverMessage) });
    renderRoutes(routes, URL_WITH_TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    if (action) expect(screen.getByRole(action.startsWith('Go') ? 'link' : 'button', { name: action })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it('tells who is signed in when the invitation is for another email, and offers another login', async () => {
    setSession('t', { ...dana, email: 'someone@example.com' });
    backend({ verify: fail(403, 'invitation_for_another_email', 'This invitation was sent to another email address. Sign in with that address.') });
    const user = userEvent.setup();
    renderRoutes(routes, URL_WITH_TOKEN);
    expect(await screen.findByText('You are signed in as someone@example.com.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in with another account' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the signed-out prompt when the session has ended', async () => {
    setSession('t', dana);
    backend({ verify: fail(401, 'token_expired', 'Token expired') });
    renderRoutes(routes, URL_WITH_TOKEN);
    expect(await screen.findByRole('heading', { name: 'Sign in to accept' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('offers a retry when the server cannot be reached', async () => {
    setSession('t', dana);
    let first = true;
    server.use(
      http.post('*/v1/additionaldriver/verification', () => {
        if (first) {
          first = false;
          return HttpResponse.error();
        }
        return HttpResponse.json({ status: true, message: 'The invitation is valid.', data: invitation });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, URL_WITH_TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Upcar.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });

  it('links to verification and back when the invitee is not verified yet', async () => {
    setSession('t', dana);
    const message = 'Please add your date of birth and upload your licence (front and back) and a selfie before joining the trip as a driver.';
    backend({ accept: fail(403, 'verification_required', message) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, URL_WITH_TOKEN);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Verify your identity first' })).toBeInTheDocument();
    // Not final: after verifying elsewhere the invitee can try again.
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'Complete verification' }));
    expect(await screen.findByText('prebook page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verification/prebook');
    expect(new URLSearchParams(router.state.location.search).get('nextPage')).toBe(`/additional-driver?token=${TOKEN}`);
  });

  const acceptErrors: [string, number, string, string | null][] = [
    ['already_on_trip', 409, 'You are already on this trip.', 'Go to your trips'],
    ['invitation_used', 409, 'This invitation has already been used.', 'Go to your trips'],
    ['invitation_expired', 409, 'This invitation has expired. Ask the guest to invite you again.', null],
    ['invalid_trip_status', 409, 'This trip is no longer booked.', null],
    ['invitation_not_found', 404, 'This invitation link is not valid.', null],
  ];

  it.each(acceptErrors)('explains %s from Accept and stops offering it', async (code, status, message, link) => {
    setSession('t', dana);
    backend({ accept: fail(status, code, message) });
    const user = userEvent.setup();
    renderRoutes(routes, URL_WITH_TOKEN);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeDisabled();
    if (link) expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/bookings');
  });
});
