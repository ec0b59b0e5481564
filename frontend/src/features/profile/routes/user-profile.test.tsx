import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { getSession, setSession } from '@/lib/session';
import { host, user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import UserProfileRoute from './user-profile';

const routes = [{ path: '/user-profile/:id', element: <UserProfileRoute /> }];

type Sent = { path: string; body: unknown };

/** The member u1 (not verified, a number on file); `send` and `verify` answer as given. */
function backend({ send = [200, { status: true, message: 'Verification code sent to your phone' }], verify = [200, { status: true, message: 'Mobile number verified' }] }: { send?: [number, object] | 'network'; verify?: [number, object] | 'network' } = {}) {
  const sent: Sent[] = [];
  let verified = false;
  server.use(
    http.get('*/v1/users/gethost/u1', () => HttpResponse.json<Answer<'/v1/users/gethost/{id}', 'get'>>({ status: true, data: host({ _id: 'u1', firstName: 'Dana', lastName: 'G.', isMobileVerified: verified }) })),
    http.get('*/v1/users/getuser/u1', () => HttpResponse.json<Answer<'/v1/users/getuser/{id}', 'get'>>({ status: true, message: '', user: user({ phoneNumber: '4155550100', isMobileVerified: verified }), data: null })),
    http.get('*/v1/guestReviews/getReviews/u1', () => HttpResponse.json({ status: true, data: [] })),
    http.get('*/v1/cars/getCarsByOwner/u1', () => HttpResponse.json({ status: true, data: [], total: 0, page: 1, limit: 6 })),
    http.post('*/v1/users/sendMobileVerification', async ({ request }) => {
      sent.push({ path: 'send', body: await request.json() });
      if (send === 'network') return HttpResponse.error();
      return HttpResponse.json(send[1], { status: send[0] });
    }),
    http.post('*/v1/users/verifyMobileOTP', async ({ request }) => {
      sent.push({ path: 'verify', body: await request.json() });
      if (verify === 'network') return HttpResponse.error();
      if (verify[0] === 200) verified = true;
      return HttpResponse.json(verify[1], { status: verify[0] });
    }),
  );
  return sent;
}

const open = () => renderRoutes(routes, '/user-profile/u1');
const panel = () => screen.findByTestId('phone-verification');

describe("the own profile's phone verification", () => {
  afterEach(() => vi.useRealTimers());

  it('confirms the number on file, texts a code, takes it and shows the number verified', async () => {
    setSession('t', user({ firstName: 'Dana' }));
    const sent = backend();
    open();
    const box = await panel();
    expect(within(box).getByLabelText('Mobile number (US)')).toHaveValue('(415) 555-0100');
    await userEvent.click(within(box).getByRole('button', { name: 'Send code' }));
    expect(await within(box).findByText(/We texted a code to/)).toHaveTextContent('We texted a code to (415) 555-0100.');
    expect(sent[0]).toEqual({ path: 'send', body: { phoneNumber: '4155550100' } });
    expect(within(box).getByTestId('resend-code')).toBeDisabled();
    expect(within(box).getByTestId('resend-code')).toHaveTextContent(/^Resend code in (30|29) s$/);
    // Digits only, 4 to 6 of them.
    await userEvent.type(within(box).getByLabelText('Code'), '12');
    await userEvent.click(within(box).getByRole('button', { name: 'Verify' }));
    expect(within(box).getByText('Please enter a valid OTP.')).toBeInTheDocument();
    await userEvent.type(within(box).getByLabelText('Code'), 'ab3456');
    expect(within(box).getByLabelText('Code')).toHaveValue('123456');
    await userEvent.click(within(box).getByRole('button', { name: 'Verify' }));
    expect(await within(box).findByTestId('phone-verified')).toHaveTextContent('(415) 555-0100 is verified.');
    expect(sent[1]).toEqual({ path: 'verify', body: { userId: 'u1', otp: '123456' } });
    // The public card is read again: verified there too, and in the session.
    await waitFor(() => expect(within(screen.getByTestId('verified-info')).getAllByRole('listitem')[1]).toHaveTextContent('Phone number verified'));
    expect(getSession()?.user.isMobileVerified).toBe(true);
  });

  it('checks the number before sending: 10 digits, US', async () => {
    setSession('t', user());
    const sent = backend();
    open();
    const box = await panel();
    const input = within(box).getByLabelText('Mobile number (US)');
    await userEvent.clear(input);
    await userEvent.click(within(box).getByRole('button', { name: 'Send code' }));
    expect(within(box).getByText('Phone number is required.')).toBeInTheDocument();
    await userEvent.type(input, '415555');
    await userEvent.click(within(box).getByRole('button', { name: 'Send code' }));
    expect(within(box).getByText('Invalid Phone number. Please enter a valid 10-digit number.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal of a number, and the spec's text when the send fails", async () => {
    setSession('t', user());
    backend({ send: [409, { error: 'phone_taken', message: 'This phone number belongs to another account' }] });
    const { unmount } = open();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('phone-error')).toHaveTextContent('This phone number belongs to another account');
    unmount();
    backend({ send: 'network' });
    open();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('phone-error')).toHaveTextContent('Failed to send OTP. Please try again later.');
  });

  it("says 'Invalid OTP. Please try again.' for a code that fails, the server's message when it gives one", async () => {
    setSession('t', user());
    backend({ verify: 'network' });
    const { unmount } = open();
    let box = await panel();
    await userEvent.click(within(box).getByRole('button', { name: 'Send code' }));
    await userEvent.type(await within(box).findByLabelText('Code'), '000000');
    await userEvent.click(within(box).getByRole('button', { name: 'Verify' }));
    expect(await within(box).findByTestId('phone-error')).toHaveTextContent('Invalid OTP. Please try again.');
    unmount();
    backend({ verify: [400, { error: 'otp_invalid', message: 'The code is not right. 4 attempts left.' }] });
    open();
    box = await panel();
    await userEvent.click(within(box).getByRole('button', { name: 'Send code' }));
    await userEvent.type(await within(box).findByLabelText('Code'), '000000');
    await userEvent.click(within(box).getByRole('button', { name: 'Verify' }));
    expect(await within(box).findByTestId('phone-error')).toHaveTextContent('The code is not right. 4 attempts left.');
    expect(within(box).queryByTestId('phone-verified')).toBeNull();
  });

  it('offers a new code 30 seconds after the last one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    setSession('t', user());
    const sent = backend();
    open();
    const box = await panel();
    await userEvent.click(within(box).getByRole('button', { name: 'Send code' }));
    const resend = await within(box).findByTestId('resend-code');
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(resend).toHaveTextContent(/^Resend code in (10|9) s$/);
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(resend).toHaveTextContent('Resend code');
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    expect(await within(box).findByTestId('phone-note')).toHaveTextContent('Otp resend successfully!');
    expect(sent.filter((s) => s.path === 'send')).toHaveLength(2);
    expect(resend).toBeDisabled();
  });

  it('is only on the own profile; a verified number says so', async () => {
    setSession('t', user({ _id: 'someone-else', userId: 'someone-else', user_id: 'someone-else' }));
    backend();
    const { unmount } = open();
    expect(await screen.findByTestId('verified-info')).toBeInTheDocument();
    expect(screen.queryByTestId('phone-verification')).toBeNull();
    unmount();

    setSession('t', user());
    server.use(http.get('*/v1/users/getuser/u1', () => HttpResponse.json<Answer<'/v1/users/getuser/{id}', 'get'>>({ status: true, message: '', user: user({ phoneNumber: '4155550100', isMobileVerified: true }), data: null })));
    open();
    expect(await screen.findByTestId('phone-verified')).toHaveTextContent('(415) 555-0100 is verified.');
  });
});
