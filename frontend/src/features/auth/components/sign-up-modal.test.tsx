import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionAnswer } from '@/api/types';
import { session, user as userFixture } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { activity } from '@/lib/activity';
import { setSession } from '@/lib/session';
import { SignUpModal } from './sign-up-modal';

function setup() {
  // The code's own check, when the field is left (the tests below answer otherwise).
  server.use(http.post('*/v1/users/validateInvitationCodeForSignUp', () => HttpResponse.json({ status: true, valid: true, message: 'Invitation code is valid' })));
  const track = vi.spyOn(activity, 'track').mockImplementation(() => {});
  const onSuccess = vi.fn();
  renderWithProviders(<SignUpModal onClose={() => {}} onSuccess={onSuccess} onSwitchToLogin={() => {}} />);
  return { track, onSuccess, user: userEvent.setup() };
}

const registrations = (track: { mock: { calls: unknown[][] } }) => track.mock.calls.filter((c) => c[0] === 'registration');

describe('sign-up registration event', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs method email with the invitation code once the account is made', async () => {
    const answer = session({ user: userFixture({ _id: 'u9', email: 'new@example.com' }) });
    server.use(
      http.post('*/v1/users/sign-up', () => HttpResponse.json<SessionAnswer>(answer, { status: 201 })),
      http.post('*/v1/users/storeEmail', () => HttpResponse.json({ status: true, message: 'ok' })),
      http.post('*/v1/users/verifyToken', () => HttpResponse.json<SessionAnswer>(answer)),
    );
    const { track, user } = setup();
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Invitation code'), ' WELCOME ');
    await user.click(screen.getByLabelText(/I accept the/));
    expect(registrations(track)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Welcome to Upcar! Your account is ready.')).toBeInTheDocument();
    expect(registrations(track)).toEqual([['registration', 'account', { method: 'email', invitationCode: 'WELCOME' }]]);
  });

  it('logs nothing when the sign-up is refused', async () => {
    server.use(
      http.post('*/v1/users/sign-up', () => HttpResponse.json({ error: 'invalid_invitation_code', message: 'Invalid invitation code' }, { status: 400 })),
      http.post('*/v1/users/storeEmail', () => HttpResponse.json({ status: true, message: 'ok' })),
    );
    const { track, user } = setup();
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Invitation code'), 'NOPE');
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Invalid invitation code')).toBeInTheDocument();
    expect(registrations(track)).toHaveLength(0);
  });

  it('logs method google with the code when the Google window stores the new session', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { track, user } = setup();
    await user.type(screen.getByLabelText('Invitation code'), 'G-CODE');
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('/v1/users/auth/google?signUpCode=G-CODE'), 'google-login', expect.any(String));
    expect(registrations(track)).toHaveLength(0);
    // The Google window writes the session into storage.
    act(() => setSession('google-token', { _id: 'u10' }));
    await waitFor(() => expect(registrations(track)).toEqual([['registration', 'account', { method: 'google', invitationCode: 'G-CODE' }]]));
    expect(await screen.findByText('Welcome to Upcar! Your account is ready.')).toBeInTheDocument();
  });
});

describe('the sign-up form, its texts and times', () => {
  afterEach(() => vi.useRealTimers());

  const fill = async (user: ReturnType<typeof userEvent.setup>, code = 'WELCOME') => {
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Invitation code'), code);
    await user.click(screen.getByLabelText(/I accept the/));
  };

  it('checks the invitation code on its own when the field is left: valid, refused with the server\'s reason, or the check failed', async () => {
    const asked: unknown[] = [];
    let answer: () => Response = () => HttpResponse.json({ status: true, valid: true, message: 'Invitation code is valid' });
    const { user } = setup();
    server.use(
      http.post('*/v1/users/validateInvitationCodeForSignUp', async ({ request }) => {
        asked.push(await request.json());
        return answer();
      }),
      http.post('*/v1/users/storeEmail', () => HttpResponse.json({ status: true, message: 'ok' })),
    );
    await user.type(screen.getByLabelText('Invitation code'), ' WELCOME ');
    await user.tab();
    expect(await screen.findByTestId('code-valid')).toHaveTextContent('Invitation code is valid');
    expect(asked).toEqual([{ code: 'WELCOME' }]);

    answer = () => HttpResponse.json({ error: 'invalid_invitation_code', message: 'Invalid invitation code' }, { status: 400 });
    await user.clear(screen.getByLabelText('Invitation code'));
    await user.type(screen.getByLabelText('Invitation code'), 'NOPE');
    await user.tab();
    expect(await screen.findByText('Invalid invitation code')).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation code')).toHaveAttribute('aria-invalid', 'true');

    answer = () => HttpResponse.error();
    await user.clear(screen.getByLabelText('Invitation code'));
    await user.type(screen.getByLabelText('Invitation code'), 'MAYBE');
    await user.tab();
    expect(await screen.findByText('Failed to validate invitation code. Please try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('code-valid')).toBeNull();
  });

  it("says 'An unexpected error occurred' when the sign-up gets no answer, and the server's reason when refused without one of its own", async () => {
    server.use(
      http.post('*/v1/users/sign-up', () => HttpResponse.error()),
      http.post('*/v1/users/storeEmail', () => HttpResponse.json({ status: true, message: 'ok' })),
      http.post('*/v1/users/validateInvitationCodeForSignUp', () => HttpResponse.json({ status: true, valid: true, message: 'Invitation code is valid' })),
    );
    const { user } = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
    server.use(http.post('*/v1/users/sign-up', () => new HttpResponse('Bad gateway', { status: 502 })));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Sign up failed. Please try again.')).toBeInTheDocument();
  });

  it('shows a toast for 1 s on success and closes after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const answer = session({ user: userFixture({ _id: 'u9', email: 'new@example.com' }) });
    server.use(
      http.post('*/v1/users/sign-up', () => HttpResponse.json<SessionAnswer>(answer, { status: 201 })),
      http.post('*/v1/users/storeEmail', () => HttpResponse.json({ status: true, message: 'ok' })),
      http.post('*/v1/users/verifyToken', () => HttpResponse.json<SessionAnswer>(answer)),
      http.post('*/v1/users/validateInvitationCodeForSignUp', () => HttpResponse.json({ status: true, valid: true, message: 'Invitation code is valid' })),
    );
    vi.spyOn(activity, 'track').mockImplementation(() => {});
    const onSuccess = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SignUpModal onClose={() => {}} onSuccess={onSuccess} onSwitchToLogin={() => {}} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Sign up successful!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.getByText('Sign up successful!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.queryByText('Sign up successful!')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});
