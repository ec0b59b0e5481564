import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { OtpSent, SessionAnswer } from '@/api/types';
import { session, user as userFixture } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { getSession } from '@/lib/session';
import { LoginModal } from './login-modal';
import { validateSignUp } from './sign-up-modal';

function setup() {
  const onSuccess = vi.fn();
  renderWithProviders(<LoginModal onClose={() => {}} onSuccess={onSuccess} onSwitchToSignUp={() => {}} onForgot={() => {}} />);
  return { onSuccess, user: userEvent.setup() };
}

describe('login modal', () => {
  it('asks for email and password', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it('validates the phone number before sending a code', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Phone number is required for OTP login.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '55512');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Invalid Phone number. Please enter a valid 10-digit number.')).toBeInTheDocument();
  });

  it('shows the OTP panel with a 30 s resend lock and checks the code', async () => {
    server.use(http.post('*/v1/users/login/phone', () => HttpResponse.json<OtpSent>({ success: true, status: true, userId: 'u1', message: 'sent', data: { userId: 'u1', message: 'sent' } })));
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    await user.type(screen.getByLabelText('Phone number'), '5551234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend code in 30s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('One-time code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter a valid OTP.')).toBeInTheDocument();
    // The gateway reads `otp` (with `code` as an alias: sending both is refused as a duplicate).
    let body: Record<string, unknown> = {};
    server.use(
      http.post('*/v1/users/login/otp', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ error: 'otp_invalid', message: 'Invalid code.' }, { status: 400 });
      }),
    );
    await user.type(screen.getByLabelText('One-time code'), '3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    expect(Object.keys(body).sort()).toEqual(['deviceFingerprint', 'otp', 'otpType', 'userId']);
    expect(body).toMatchObject({ userId: 'u1', otp: '123456', otpType: 'phone' });
  });

  it('stores the session only after the token verifies', async () => {
    const user0 = userFixture({ _id: 'u1', userId: 'u1', firstName: 'Gia' });
    server.use(
      http.post('*/v1/users/login', () => HttpResponse.json<SessionAnswer>(session({ access_token: 't1', user: user0 }))),
      http.post('*/v1/users/verifyToken', () => HttpResponse.json<SessionAnswer>(session({ access_token: 't1', user: user0 }))),
    );
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText('Email'), 'Guest@Demo.Local');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(getSession()).toEqual({ token: 't1', user: user0 });
  });

  it('shows only the first sentence of a server error', async () => {
    server.use(http.post('*/v1/users/login', () => HttpResponse.json({ error: 'invalid_credentials', message: 'Invalid email or password. Try again later.' }, { status: 401 })));
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password\.$/);
    expect(getSession()).toBeNull();
  });
});

describe('sign-up validation', () => {
  const empty = { firstName: '', lastName: '', email: '', professionalEmail: '', phone: '', password: '', terms: false, promotions: false, signUpCode: '' };
  it('gives every message of the spec', () => {
    expect(validateSignUp(empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      signUpCode: 'Invitation code is required',
      terms: 'Please accept the terms and conditions',
    });
    expect(validateSignUp({ ...empty, email: 'nope', password: '12345' })).toMatchObject({ email: 'Please enter a valid email address', password: 'Password must be at least 6 characters' });
  });
  it('checks only the code and terms for Google', () => {
    expect(Object.keys(validateSignUp(empty, true))).toEqual(['signUpCode', 'terms']);
  });
});
