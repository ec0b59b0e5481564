import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Schemas } from '@/api/types';
import { isHostView, setHostView } from '@/lib/host-view';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { Layout } from './layout';

type HostStanding = Schemas['HostStanding'];

const page = (name: string) => <p>{name} page</p>;
const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: page('home') },
      { path: '/search', element: page('search') },
      { path: '/bookings', element: page('bookings') },
      { path: '/host/listings', element: page('listings') },
      { path: '/host/become-host', element: page('become host') },
    ],
  },
];

function hostStatus(hostStatus: HostStanding) {
  server.use(
    http.get('*/v1/users/getHostStatus', () =>
      HttpResponse.json<Answer<'/v1/users/getHostStatus', 'get'>>({ status: true, hostStatus, isHost: hostStatus !== 'none', activeCars: hostStatus === 'active' ? 1 : 0, pendingListings: 0, hasDraft: false }),
    ),
  );
}

describe('the guest/host view switch (isHostView)', () => {
  it("shows the host's places in host view, and home turns it back to the guest's", async () => {
    setSession('t', { userId: 'h1', firstName: 'Grace' });
    hostStatus('active');
    setHostView(true);
    const { router } = renderRoutes(routes, '/bookings');
    const nav = await screen.findByRole('navigation', { name: 'Hosting' });
    for (const name of ['Listings', 'Bookings', 'Messages', 'Teams', 'Earnings']) expect(nav).toContainHTML(name);
    await router.navigate('/');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Hosting' })).not.toBeInTheDocument());
    expect(isHostView()).toBe(false);
  });

  it('sends a host-view user who opens search to /bookings', async () => {
    setSession('t', { userId: 'h1' });
    hostStatus('active');
    setHostView(true);
    const { router } = renderRoutes(routes, '/search');
    expect(await screen.findByText('bookings page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings');
  });

  it("switches a host to the host view on /bookings, and someone with no listing to the host landing", async () => {
    setSession('t', { userId: 'h1' });
    hostStatus('active');
    const first = renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to hosting' }));
    expect(await screen.findByText('bookings page')).toBeInTheDocument();
    expect(isHostView()).toBe(true);
    first.unmount();
    setHostView(false);
    hostStatus('none');
    const second = renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to hosting' }));
    expect(await screen.findByText('become host page')).toBeInTheDocument();
    expect(isHostView()).toBe(false);
    second.unmount();
  });

  it("turns the host view on in the host's own pages, and never for a visitor", async () => {
    setSession('t', { userId: 'h1' });
    hostStatus('active');
    renderRoutes(routes, '/host/listings');
    expect(await screen.findByRole('navigation', { name: 'Hosting' })).toBeInTheDocument();
    expect(isHostView()).toBe(true);
  });
});

describe("the header's link to the team pages", () => {
  it('is shown to admins only', async () => {
    setSession('t', { userId: 'a1', role: 'admin' });
    const { unmount } = renderRoutes(routes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/admin');
    unmount();
    setSession('t', { userId: 'u1', role: 'user' });
    renderRoutes(routes, '/');
    expect(within(await screen.findByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  });
});
