import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { team, vehicleOption } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { routes, signInAs } from '../test-utils';

const LINK = '/host/teams/invite/team-1?token=tok123';

type Info = Answer<'/v1/cohost/getTeamInfoForInvitee/{id}', 'get'>;
const info = (over: Partial<Info['data']> = {}): Info => ({
  status: true,
  data: {
    _id: 'team-1',
    teamName: 'Fremont crew',
    teamStatus: 'inactive',
    hostId: 'u-host',
    hostName: 'Hana',
    cars: [vehicleOption(1), vehicleOption(2, { licensePlate: '' })],
    permissions: { full: false, bookingManagement: true, pricingAndAvailability: true },
    invitationStatus: 'pending',
    email: 'me@example.com',
    earningsSharePercent: 12.5,
    expiresAt: '2030-01-08T10:00:00Z',
    ...over,
  },
});

/** The invitee's two calls; records what was asked. */
function backend({ infoAnswer, handle }: { infoAnswer?: () => Response; handle?: () => Response } = {}) {
  const calls: { path: string; token?: string | null; body?: unknown }[] = [];
  server.use(
    http.get('*/v1/cohost/getTeamInfoForInvitee/team-1', ({ request }) => {
      calls.push({ path: 'info', token: new URL(request.url).searchParams.get('token') });
      return infoAnswer ? infoAnswer() : HttpResponse.json(info());
    }),
    http.post('*/v1/cohost/handleCoHostInvite', async ({ request }) => {
      const body = (await request.json()) as { action: string };
      calls.push({ path: 'handle', body });
      if (handle) return handle();
      return HttpResponse.json(body.action === 'accept' ? { status: true, message: 'Invitation accepted', data: team({ role: 'co-host' }), role: 'co-host' } : { status: true, message: 'Invitation rejected', data: null });
    }),
    http.get('*/v1/cohost/getTeamById/team-1', () => HttpResponse.json({ status: true, message: 'ok', data: team({ role: 'co-host' }), role: 'co-host' })),
  );
  return calls;
}

describe('the invitation page', () => {
  it('asks a signed-out invitee to log in first, keeping the token, and goes on once signed in', async () => {
    const calls = backend();
    renderRoutes(routes, LINK);
    expect(await screen.findByRole('heading', { name: 'Log in to answer the invitation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in on its own page' })).toHaveAttribute('href', `/login-static?nextPage=${encodeURIComponent(LINK)}`);
    expect(calls).toEqual([]);
    await waitFor(() => expect(document.title).toBe('Co-host invitation | Upcar'));
    signInAs('u-me');
    expect(await screen.findByRole('heading', { name: 'Hana invited you to co-host Fremont crew' })).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'info', token: 'tok123' }]);
  });

  it('shows the team, its cars, the permissions and the share, with Accept and Reject only; Accept opens the co-hosts page', async () => {
    signInAs('u-me');
    const calls = backend();
    const { router } = renderRoutes(routes, LINK);
    const card = within(await screen.findByTestId('invitation'));
    expect(card.getByText('12.5%')).toBeInTheDocument();
    expect(card.getByText('me@example.com')).toBeInTheDocument();
    expect(card.getByText('2022 Tesla Model 1')).toBeInTheDocument();
    expect(card.getByText(/Pricing and availability: view and update pricing/)).toBeInTheDocument();
    expect(card.queryByText(/Full editing/)).not.toBeInTheDocument();
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Reject']);
    await userEvent.click(card.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams/team-1/cohosts'));
    expect(calls[1]).toEqual({ path: 'handle', body: { teamId: 'team-1', action: 'accept', token: 'tok123' } });
  });

  it('Reject says the invitation was declined', async () => {
    signInAs('u-me');
    const calls = backend();
    renderRoutes(routes, LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('heading', { name: 'Invitation declined' })).toBeInTheDocument();
    expect(calls[1]).toEqual({ path: 'handle', body: { teamId: 'team-1', action: 'reject', token: 'tok123' } });
  });

  it.each([
    [() => HttpResponse.json({ error: 'invitation_expired', message: 'This invitation has expired' }, { status: 409 }), 'This invitation has expired'],
    [() => HttpResponse.json({ error: 'invitation_already_answered', message: 'This invitation has already been answered' }, { status: 409 }), 'This invitation has already been answered'],
    [() => new HttpResponse(null, { status: 500 }), 'An error occurred while handling the invitation.'],
    [() => HttpResponse.error(), 'An error occurred while handling the invitation.'],
  ])("an answer the server refuses shows its message (%#)", async (handle, text) => {
    signInAs('u-me');
    backend({ handle });
    renderRoutes(routes, LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('an unknown link shows the server message; an answered one has no buttons', async () => {
    signInAs('u-me');
    backend({ infoAnswer: () => HttpResponse.json({ error: 'invitation_not_found', message: 'Invitation not found' }, { status: 404 }) });
    const { unmount } = renderRoutes(routes, LINK);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation not found');
    unmount();
    backend({ infoAnswer: () => HttpResponse.json(info({ invitationStatus: 'expired' })) });
    renderRoutes(routes, LINK);
    expect(await screen.findByText('This invitation has expired. Ask the host to send a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
