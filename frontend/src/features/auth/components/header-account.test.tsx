import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getSession, onSessionExpired, setSession } from '@/lib/session';
import { user } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { HeaderAccount } from './header-account';

describe('the header account', () => {
  it("opens the account menu from the greeting: trips, messages with the server's unread count, favourites, profile, verification", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/v1/chat/rooms', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('userType') ?? '');
        return HttpResponse.json({ status: true, currentPage: 1, numPages: 3, chatboxes: [], unreadTotal: 4 });
      }),
    );
    setSession('t', user({ firstName: 'Dana' }));
    renderWithProviders(<HeaderAccount />);
    const button = screen.getByRole('button', { name: /Hi, Dana/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await within(button).findByText('4')).toBeInTheDocument();
    expect(asked).toEqual(['guest']);
    await userEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Trips' })).toHaveAttribute('href', '/bookings');
    expect(within(menu).getByRole('link', { name: /Messages\s*4\s*unread/ })).toHaveAttribute('href', '/messages');
    expect(within(menu).getByRole('link', { name: 'Favourites' })).toHaveAttribute('href', '/favourites');
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user-profile/u1');
    expect(within(menu).getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/verification/prebook');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('counts the host view\'s rooms in the host view, and shows no count when nothing is unread', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/v1/chat/rooms', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('userType') ?? '');
        return HttpResponse.json({ status: true, currentPage: 1, numPages: 1, chatboxes: [], unreadTotal: 0 });
      }),
    );
    setSession('t', user({ firstName: 'Dana' }));
    renderWithProviders(<HeaderAccount hostView />);
    await waitFor(() => expect(asked).toEqual(['host']));
    expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument();
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
    await userEvent.click(screen.getByTestId('account-menu-button'));
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
    await userEvent.click(screen.getByTestId('account-menu-button'));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Failed to log out. Status: no response')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    unmount();

    server.use(http.get('*/v1/logout', () => HttpResponse.json({ error: 'token_revoked', message: 'The token has been revoked' }, { status: 401 })));
    setSession('t-dead', user());
    const ended = vi.fn();
    const off = onSessionExpired(ended);
    renderWithProviders(<HeaderAccount />);
    await userEvent.click(screen.getByTestId('account-menu-button'));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    off();
    expect(ended).not.toHaveBeenCalled();
  });
});
