import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { pagesRoutes } from './pages-routes';

const sent = (userId = 'u1'): Answer<'/v1/users/resetPasswordWithOTP', 'post'> => ({ success: true, status: true, userId, message: 'OTP sent to your email', data: { userId, message: 'OTP sent to your email' } });

type ResetBody = Body<'/v1/users/login/updatePasswordWithOTP', 'post'>;

afterEach(() => vi.restoreAllMocks());

async function toCodeStep(emails: string[] = []) {
  server.use(
    http.post('*/v1/users/resetPasswordWithOTP', async ({ request }) => {
      emails.push(String(((await request.json()) as Body<'/v1/users/resetPasswordWithOTP', 'post'>).email));
      return HttpResponse.json(sent());
    }),
  );
  const utils = renderRoutes(pagesRoutes, '/reset-password');
  await userEvent.type(await screen.findByLabelText('Email'), ' Dana@Example.com ');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText('Code');
  return utils;
}

describe('/reset-password', () => {
  it('goes from the email to the code to the new password, then offers to log in', async () => {
    const emails: string[] = [];
    let update: ResetBody | null = null;
    server.use(
      http.post('*/v1/users/login/updatePasswordWithOTP', async ({ request }) => {
        update = (await request.json()) as ResetBody;
        return HttpResponse.json<Answer<'/v1/users/login/updatePasswordWithOTP', 'post'>>({ status: true, message: 'Password updated successfully' });
      }),
    );
    await toCodeStep(emails);
    await waitFor(() => expect(document.title).toBe('Reset password | Upcar'));
    expect(emails).toEqual(['dana@example.com']);
    expect(screen.getByText('dana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Enter the code' })).toHaveFocus();

    // The code: 4 to 6 digits.
    await userEvent.type(screen.getByLabelText('Code'), '12a');
    expect(screen.getByLabelText('Code')).toHaveValue('12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid OTP.');
    await userEvent.type(screen.getByLabelText('Code'), '3456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // The new password: required, 6 characters, confirmed.
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'defgh');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdefgX');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(update).toBeNull();
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Password updated successfully');
    expect(update).toEqual({ email: 'dana@example.com', otp: '123456', newPassword: 'abcdefgh' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-static');
  });

  it("shows the server's message when the email is refused, and the spec's text when the call fails", async () => {
    server.use(http.post('*/v1/users/resetPasswordWithOTP', () => HttpResponse.json({ error: 'email_not_found', message: 'No account found with this email.' }, { status: 404 })));
    renderRoutes(pagesRoutes, '/reset-password?email=nobody@example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account found with this email.');
    server.use(http.post('*/v1/users/resetPasswordWithOTP', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send OTP. Please try again.'));
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('offers a new code only 30 s after the last one', async () => {
    const emails: string[] = [];
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    await toCodeStep(emails);
    const resend = screen.getByTestId('resend');
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('Resend code in 30 s');
    clock.mockReturnValue(start + 29_100);
    await waitFor(() => expect(resend).toHaveTextContent('Resend code in 1 s'), { timeout: 2500 });
    expect(resend).toBeDisabled();
    clock.mockReturnValue(start + 30_000);
    await waitFor(() => expect(resend).toHaveTextContent(/^Resend code$/), { timeout: 2500 });
    await userEvent.click(resend);
    expect(await screen.findByText('Otp resend successfully!')).toBeInTheDocument();
    expect(emails).toEqual(['dana@example.com', 'dana@example.com']);
    // The timer starts again.
    expect(screen.getByTestId('resend')).toHaveTextContent('Resend code in 30 s');
  });

  it('sends a wrong code back to the code step with the server message; other refusals stay on the password step', async () => {
    await toCodeStep();
    await userEvent.type(screen.getByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    server.use(http.post('*/v1/users/login/updatePasswordWithOTP', () => HttpResponse.json({ error: 'password_too_short', message: 'Password must be at least 6 characters' }, { status: 400 })));
    await userEvent.type(await screen.findByLabelText('New password'), 'abcdefgh');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    server.use(http.post('*/v1/users/login/updatePasswordWithOTP', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to reset password'));
    server.use(http.post('*/v1/users/login/updatePasswordWithOTP', () => HttpResponse.json({ error: 'otp_invalid', message: 'Invalid OTP.' }, { status: 400 })));
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid OTP.');
  });
});
