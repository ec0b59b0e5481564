import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { session, user } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderRoutes } from '@/test/render';
import { captainRoutes } from './captain-routes';

const routes = [captainRoutes];

function noTasks() {
  server.use(http.get('*/v1/tasks', ({ request }) => HttpResponse.json<Answer<'/v1/tasks', 'get'>>({ status: true, date: new URL(request.url).searchParams.get('date') ?? '', count: 0, data: [] })));
}

describe('captain login', () => {
  it('stores the captain session apart from the guest one and opens the dashboard', async () => {
    let sent: Body<'/v1/captains/login', 'post'> | null = null;
    server.use(
      http.post('*/v1/captains/login', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json<Answer<'/v1/captains/login', 'post'>>(session({ access_token: 'cap-token', user: user({ firstName: 'Casey', role: 'captain', email: 'captain@demo.local' }) }));
      }),
    );
    noTasks();
    const { router } = renderRoutes(routes, '/captains/login');
    await userEvent.type(await screen.findByLabelText('Email'), ' Captain@Demo.local ');
    await userEvent.type(screen.getByLabelText('Password'), 'DemoCaptain123!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('no-tasks')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/captains/dashboard');
    expect(sent).toEqual({ email: 'captain@demo.local', password: 'DemoCaptain123!' });
    expect(localStorage.getItem('captainToken')).toBe('cap-token');
    expect(JSON.parse(localStorage.getItem('captainUser') ?? '{}').firstName).toBe('Casey');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('captain-name')).toHaveTextContent('Casey');
  });

  it('asks for both fields, then shows the server message when it refuses', async () => {
    server.use(http.post('*/v1/captains/login', () => HttpResponse.json({ error: 'invalid_credentials', message: 'Invalid email or password.' }, { status: 401 })));
    renderRoutes(routes, '/captains/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'captain@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(localStorage.getItem('captainToken')).toBeNull();
  });

  it('goes back to the page that asked for a login', async () => {
    server.use(http.post('*/v1/captains/login', () => HttpResponse.json<Answer<'/v1/captains/login', 'post'>>(session({ access_token: 'cap-token', user: user({ role: 'captain' }) }))));
    server.use(http.get('*/v1/captains/tasks/task-9', () => HttpResponse.json({ error: 'task_not_found', message: 'Task not found' }, { status: 404 })));
    const { router } = renderRoutes(routes, '/captains/task-9?date=2030-01-10');
    await waitFor(() => expect(router.state.location.pathname).toBe('/captains/login'));
    await userEvent.type(await screen.findByLabelText('Email'), 'captain@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'DemoCaptain123!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This task was not found among yours.')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/captains/task-9?date=2030-01-10');
  });
});

describe('captain password reset', () => {
  it('sends a code to the email, then sets the password with it and returns to login', async () => {
    let reset: Body<'/v1/captains/reset-password', 'post'> | null = null;
    server.use(
      http.post('*/v1/captains/forgot-password', () =>
        HttpResponse.json<Answer<'/v1/captains/forgot-password', 'post'>>({ success: true, status: true, userId: '', message: 'A code was sent to your email.', data: { userId: '', message: 'A code was sent to your email.' } }),
      ),
      http.post('*/v1/captains/reset-password', async ({ request }) => {
        reset = (await request.json()) as typeof reset;
        if (reset?.otp !== '123456') return HttpResponse.json({ error: 'otp_invalid', message: 'Invalid OTP.' }, { status: 400 });
        return HttpResponse.json<Answer<'/v1/captains/reset-password', 'post'>>({ status: true, message: 'Password updated successfully.' });
      }),
    );
    const { router } = renderRoutes(routes, '/captains/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot password' });
    await userEvent.type(screen.getByLabelText('Email'), 'captain@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A code was sent to your email.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/captains/reset-password');
    expect(screen.getByLabelText('Email')).toHaveValue('captain@demo.local');

    await userEvent.type(screen.getByLabelText('Code'), '111111');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'enough!');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP.');

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password updated successfully.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/captains/login');
    expect(screen.getByLabelText('Email')).toHaveValue('captain@demo.local');
    expect(reset).toEqual({ email: 'captain@demo.local', otp: '123456', newPassword: 'shortenough!' });
  });

  it('shows the server message when the email is refused', async () => {
    server.use(http.post('*/v1/captains/forgot-password', () => HttpResponse.json({ error: 'too_many_requests', message: 'Too many attempts. Try again later.' }, { status: 429 })));
    renderRoutes(routes, '/captains/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'captain@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });
});

