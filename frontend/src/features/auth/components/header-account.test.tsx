import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getSession, onSessionExpired, setSession } from '@/lib/session';
import { user } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { HeaderAccount } from './header-account';

describe('the header account', () => {
  it('links the greeting to the own profile', async () => {
    setSession('t', user({ firstName: 'Dana' }));
    renderWithProviders(<HeaderAccount />);
    expect(screen.getByRole('link', { name: 'Hi, Dana' })).toHaveAttribute('href', '/user-profile/u1');
  });

  it("logs out: the server revokes the token; when it fails the local session is still cleared, with 'Failed to log out. Status: ...'", async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get('*/v1/logout', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ error: 'internal_error', message: 'The service is temporarily unavailable' }, { status: 503 });
      }),
    );
    setSession('t-leaving', user());
    renderWithProviders(<HeaderAccount />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Failed to log out. Status: 503')).toBeInTheDocument();
    expect(auth).toEqual(['Bearer t-leaving']);
    expect(getSession()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says when no answer came, and a token the server no longer knows is just cleared (no login asked)', async () => {
    server.use(http.get('*/v1/logout', () => HttpResponse.error()));
    setSession('t', user());
    const { unmount } = renderWithProviders(<HeaderAccount />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Failed to log out. Status: no response')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    unmount();

    server.use(http.get('*/v1/logout', () => HttpResponse.json({ error: 'token_revoked', message: 'The token has been revoked' }, { status: 401 })));
    setSession('t-dead', user());
    const ended = vi.fn();
    const off = onSessionExpired(ended);
    renderWithProviders(<HeaderAccount />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    off();
    expect(ended).not.toHaveBeenCalled();
  });
});
