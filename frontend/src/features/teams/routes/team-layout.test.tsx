import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { team, teamCoHost, vehicleOption } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { routes, signInAs } from '../test-utils';

type Calls = { path: string; body: unknown }[];

/** The team as `role` sees it, its cars and audit log; records every POST. */
function backend(role: 'host' | 'co-host', over: Parameters<typeof team>[0] = {}) {
  const calls: Calls = [];
  const t = team({ role, coHosts: [teamCoHost(), teamCoHost({ _id: 'inv-2', coHostId: null, email: 'pending@example.com', firstName: '', lastName: '', status: 'pending', earningsSharePercent: 5 })], ...over });
  server.use(
    http.get('*/v1/cohost/getTeamById/team-1', () => HttpResponse.json<Answer<'/v1/cohost/getTeamById/{id}', 'get'>>({ status: true, message: 'Team fetched successfully', data: t, role })),
    http.get('*/v1/cohost/getTeamVehicles/team-1', () => HttpResponse.json<Answer<'/v1/cohost/getTeamVehicles/{id}', 'get'>>({ status: true, data: t.cars })),
    http.get('*/v1/cohost/getHostVehicles', () => HttpResponse.json({ status: true, data: [vehicleOption(1), vehicleOption(2)] })),
    http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json({ status: true, data: [t] })),
    http.get('*/v1/cohost/getTeamAuditLog/team-1', () =>
      HttpResponse.json<Answer<'/v1/cohost/getTeamAuditLog/{id}', 'get'>>({
        status: true,
        data: [{ _id: 'a1', actorId: 'u-host', actorRole: 'host', action: 'team_renamed', carId: null, before: { teamName: 'Old' } as never, after: { teamName: 'Fremont crew' } as never, at: '2030-01-03T10:00:00Z' }],
      }),
    ),
    http.post('*/v1/cohost/:call', async ({ request, params }) => {
      calls.push({ path: String(params.call), body: await request.json() });
      return HttpResponse.json({ status: true, message: 'ok', data: t, role });
    }),
  );
  return calls;
}

const sidebar = () => within(screen.getByRole('navigation', { name: 'Team' }));
const sidebarLinks = () => sidebar().getAllByRole('link').map((l) => l.textContent);

describe('a team page', () => {
  it('shows the host all four pages, the way back, /learn-more and the activation note', async () => {
    signInAs('u-host');
    backend('host');
    renderRoutes(routes, '/host/teams/team-1/cohosts');
    expect(await screen.findByRole('heading', { name: 'Fremont crew', level: 1 })).toBeInTheDocument();
    expect(sidebarLinks()).toEqual(['Co-hosts', 'Permissions', 'Vehicles', 'Settings']);
    expect(sidebar().getByRole('link', { name: 'Co-hosts' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '← All teams' })).toHaveAttribute('href', '/host/teams');
    expect(screen.getByRole('link', { name: 'Learn more about teams' })).toHaveAttribute('href', '/learn-more');
    expect(screen.getByText('A team is not active until at least one co-host has been approved.')).toBeInTheDocument();
    expect(document.title).toBe('Co-hosts | Fremont crew | Upcar');
  });

  it('shows a co-host Co-hosts and Vehicles only, and sends /permissions and /settings back to co-hosts', async () => {
    signInAs('u-cohost');
    backend('co-host');
    const { router } = renderRoutes(routes, '/host/teams/team-1/permissions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams/team-1/cohosts'));
    expect(await screen.findByRole('button', { name: 'Leave team' })).toBeInTheDocument();
    expect(sidebarLinks()).toEqual(['Co-hosts', 'Vehicles']);
    expect(screen.queryByTestId('permissions-form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Co-host emails')).not.toBeInTheDocument();
    await router.navigate('/host/teams/team-1/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams/team-1/cohosts'));
    expect(await screen.findByRole('button', { name: 'Leave team' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it("says the server's message, else 'Failed to fetch team data.'", async () => {
    signInAs('u-host');
    server.use(http.get('*/v1/cohost/getTeamById/team-1', () => HttpResponse.json({ error: 'team_not_found', message: 'Team not found' }, { status: 404 })));
    renderRoutes(routes, '/host/teams/team-1/cohosts');
    expect(await screen.findByRole('alert')).toHaveTextContent('Team not found');
  });

  it("reads 'Failed to fetch team data.' when nothing answers", async () => {
    signInAs('u-host');
    server.use(http.get('*/v1/cohost/getTeamById/team-1', () => HttpResponse.error()));
    renderRoutes(routes, '/host/teams/team-1/vehicles');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch team data.');
  });
});

describe('co-hosts', () => {
  it('refuses an empty list without calling, then invites the parsed emails with the share', async () => {
    signInAs('u-host');
    const calls = backend('host');
    renderRoutes(routes, '/host/teams/team-1/cohosts');
    const send = await screen.findByRole('button', { name: 'Send invitations' });
    await userEvent.type(screen.getByLabelText('Co-host emails'), ' , ');
    await userEvent.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid input: teamId and coHostEmails are required');
    expect(calls).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Co-host emails'));
    await userEvent.type(screen.getByLabelText('Co-host emails'), 'A@x.com,{enter}b@x.com');
    await userEvent.type(screen.getByLabelText('Earnings share offered (%, optional)'), '12.5');
    await userEvent.click(send);
    expect(await screen.findByText('Invitations sent to a@x.com, b@x.com.')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'inviteCoHosts', body: { teamId: 'team-1', coHostEmails: ['a@x.com', 'b@x.com'], earningsSharePercent: '12.5' } }]);
  });

  it('lists members with their status; the host removes one after confirming', async () => {
    signInAs('u-host');
    const calls = backend('host');
    renderRoutes(routes, '/host/teams/team-1/cohosts');
    const members = await screen.findAllByTestId('member');
    expect(within(members[0]).getByText('Accepted')).toBeInTheDocument();
    expect(within(members[1]).getByText('Pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend invitation to pending@example.com' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'inviteCoHosts', body: { teamId: 'team-1', coHostEmails: ['pending@example.com'], earningsSharePercent: '5' } }]));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cora Host' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this co-host?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls[1]).toEqual({ path: 'removeCoHost', body: { teamId: 'team-1', coHostId: 'u-cohost' } }));
    expect(await screen.findByText('Cora Host was removed from the team.')).toBeInTheDocument();
  });

  it('a co-host leaves the team (removes themselves) and goes back to the list', async () => {
    signInAs('u-cohost');
    const calls = backend('co-host');
    const { router } = renderRoutes(routes, '/host/teams/team-1/cohosts');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave team' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Leave this team?' })).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams'));
    expect(calls).toEqual([{ path: 'removeCoHost', body: { teamId: 'team-1', coHostId: 'u-cohost' } }]);
  });
});

describe('vehicles, permissions and settings', () => {
  it("links each team car to its pricing page and shows the server's 409 when adding a car", async () => {
    signInAs('u-host');
    backend('host');
    server.use(http.post('*/v1/cohost/manageVehiclesOnTeam', () => HttpResponse.json({ error: 'car_in_other_team', message: '2022 Tesla Model 2 is already in team Bay crew' }, { status: 409 })));
    renderRoutes(routes, '/host/teams/team-1/vehicles');
    expect(await screen.findByRole('link', { name: '2022 Tesla Model 1' })).toHaveAttribute('href', '/host/car/car-1/edit-pricing');
    await userEvent.click(await screen.findByLabelText(/2022 Tesla Model 2/));
    await userEvent.click(screen.getByRole('button', { name: 'Add to team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2022 Tesla Model 2 is already in team Bay crew');
  });

  it('saves the permissions, and says when that fails', async () => {
    signInAs('u-host');
    const calls = backend('host');
    renderRoutes(routes, '/host/teams/team-1/permissions');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Full editing' }));
    expect(screen.getByRole('checkbox', { name: 'Pricing and availability' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Permissions saved.')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'manageTeamPermissions', body: { teamId: 'team-1', permissions: { bookingManagement: true, pricingAndAvailability: true, full: true } } }]);
    server.use(http.post('*/v1/cohost/manageTeamPermissions', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update permissions');
  });

  it('shows the audit log, refuses a split over 100 with the server message, deletes after confirming', async () => {
    signInAs('u-host');
    const calls = backend('host');
    const { router } = renderRoutes(routes, '/host/teams/team-1/settings');
    const entry = await screen.findByTestId('audit-entry');
    expect(entry).toHaveTextContent('You');
    expect(entry).toHaveTextContent('Renamed the team');
    expect(entry).toHaveTextContent('teamName: Old → Fremont crew');

    server.use(http.post('*/v1/cohost/updateTeam', () => HttpResponse.json({ error: 'shares_over_100', message: 'The shares add up to more than 100%' }, { status: 400 })));
    await userEvent.clear(screen.getByLabelText('Cora Host (%)'));
    await userEvent.type(screen.getByLabelText('Cora Host (%)'), '99');
    await userEvent.click(screen.getByRole('button', { name: 'Save split' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update team');
    expect(alert).toHaveTextContent('The shares add up to more than 100%');

    await userEvent.click(screen.getByRole('button', { name: 'Delete team' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete Fremont crew?' })).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams'));
    expect(calls).toEqual([{ path: 'deleteTeam', body: { teamId: 'team-1' } }]);
  });
});
