import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { team, teamCoHost, vehicleOption } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { routes, signInAs } from '../test-utils';

function teamsAnswer(status: number, body: unknown) {
  server.use(http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json(body as Record<string, unknown>, { status })));
}

describe('/host/teams', () => {
  it('lists the teams with status, cars, co-hosts and the viewer role', async () => {
    signInAs('u-host');
    teamsAnswer(200, {
      status: true,
      data: [
        team(),
        team({ _id: 'team-2', teamName: 'Bay crew', teamStatus: 'inactive', role: 'co-host', cars: [vehicleOption(2), vehicleOption(3)], coHosts: [teamCoHost({ status: 'pending', firstName: '', lastName: '', email: 'new@example.com' }), teamCoHost({ _id: 'inv-9', status: 'rejected', email: 'no@example.com' })] }),
      ],
    } satisfies Answer<'/v1/cohost/getAllTeamsForHost', 'get'>);
    renderRoutes(routes, '/host/teams');
    const rows = await screen.findAllByTestId('team-row');
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map((r) => within(r));
    expect(a.getByRole('link', { name: 'Fremont crew' })).toHaveAttribute('href', '/host/teams/team-1/cohosts');
    expect(a.getByText('Active')).toBeInTheDocument();
    expect(a.getByText('Host')).toBeInTheDocument();
    expect(a.getByText('1: 2022 Tesla Model 1')).toBeInTheDocument();
    expect(a.getByText('1: Cora Host')).toBeInTheDocument();
    expect(b.getByText('Inactive')).toBeInTheDocument();
    expect(b.getByText('Co-host')).toBeInTheDocument();
    expect(b.getByText('2: 2022 Tesla Model 2, 2022 Tesla Model 3')).toBeInTheDocument();
    // Only live members count: the declined invitation is not a co-host.
    expect(b.getByText('1: new@example.com')).toBeInTheDocument();
    expect(document.title).toBe('Co-host teams | Upcar');
  });

  it('shows the empty state with Create team', async () => {
    signInAs('u-host');
    teamsAnswer(200, { status: true, data: [] });
    renderRoutes(routes, '/host/teams');
    const empty = await screen.findByTestId('teams-empty');
    expect(within(empty).getByRole('heading', { name: 'No teams yet' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Create team' })).toHaveAttribute('href', '/host/teams/create');
  });

  it.each([
    [500, null, 'Failed to fetch teams'],
    [403, { error: 'account_not_allowed', message: 'Hosting is not available for this account' }, 'Hosting is not available for this account'],
  ])('a %i answer reads as the spec says', async (status, body, text) => {
    signInAs('u-host');
    server.use(http.get('*/v1/cohost/getAllTeamsForHost', () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }))));
    renderRoutes(routes, '/host/teams');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('no answer at all reads "No response from server"', async () => {
    signInAs('u-host');
    server.use(http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.error()));
    renderRoutes(routes, '/host/teams');
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from server');
  });

  it('asks a signed-out visitor to log in, without calling the server', async () => {
    let asked = false;
    server.use(http.get('*/v1/cohost/getAllTeamsForHost', () => ((asked = true), HttpResponse.json({ status: true, data: [] }))));
    renderRoutes(routes, '/host/teams');
    expect(await screen.findByRole('heading', { name: 'Log in to see your teams' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in on its own page' })).toHaveAttribute('href', '/login-static?nextPage=%2Fhost%2Fteams');
    expect(asked).toBe(false);
  });

  it('the learn-more dialog has 4 slides: Previous, Next, and Create Group on the last', async () => {
    signInAs('u-host');
    teamsAnswer(200, { status: true, data: [] });
    const { router } = renderRoutes(routes, '/host/teams');
    await screen.findByTestId('teams-empty');
    await userEvent.click(screen.getAllByRole('button', { name: 'Learn more' })[0]);
    const dialog = within(screen.getByRole('dialog', { name: 'Co-host teams' }));
    expect(dialog.getByText('1 of 4')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'What is a co-host team?' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByRole('heading', { name: 'Booking management, pricing and availability' })).toBeInTheDocument();
    expect(dialog.getByText('Check-in and checkout')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Previous' }));
    expect(dialog.getByText('1 of 4')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByText('4 of 4')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Splitting the earnings' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    server.use(http.get('*/v1/cohost/getHostVehicles', () => HttpResponse.json({ status: true, data: [] })));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams/create'));
  });
});
