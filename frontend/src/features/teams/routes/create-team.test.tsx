import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { team, vehicleOption } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { routes, signInAs } from '../test-utils';

/** The host's cars and teams; car-3 is already in "Bay crew". Records what createTeam received. */
function backend(create?: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.get('*/v1/cohost/getHostVehicles', () => HttpResponse.json<Answer<'/v1/cohost/getHostVehicles', 'get'>>({ status: true, data: [vehicleOption(1), vehicleOption(2), vehicleOption(3)] })),
    http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json<Answer<'/v1/cohost/getAllTeamsForHost', 'get'>>({ status: true, data: [team({ _id: 'team-9', teamName: 'Bay crew', cars: [vehicleOption(3)] })] })),
    http.post('*/v1/cohost/createTeam', async ({ request }) => {
      sent.push(await request.json());
      return create ? create() : HttpResponse.json<Answer<'/v1/cohost/createTeam', 'post'>>({ status: true, message: 'Team created', data: team({ _id: 'team-new', teamStatus: 'inactive', coHosts: [] }), role: 'host' });
    }),
    http.get('*/v1/cohost/getTeamById/team-new', () => HttpResponse.json({ status: true, message: 'ok', data: team({ _id: 'team-new', teamName: 'Weekend crew', coHosts: [] }), role: 'host' })),
  );
  return sent;
}

const createButton = () => screen.getByRole('button', { name: 'Create team' });

describe('/host/teams/create', () => {
  it('keeps Create disabled with the reason as its tooltip until a name and a vehicle are given', async () => {
    signInAs('u-host');
    backend();
    renderRoutes(routes, '/host/teams/create');
    await screen.findByLabelText(/2022 Tesla Model 1/);
    expect(document.title).toBe('Create a team | Upcar');

    expect(createButton()).toBeDisabled();
    expect(createButton()).toHaveAccessibleDescription('Please enter a team name');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Please enter a team name');
    expect(createButton().parentElement).toHaveAttribute('title', 'Please enter a team name');

    await userEvent.type(screen.getByLabelText('Team name'), '   ');
    expect(createButton()).toHaveAccessibleDescription('Please enter a team name');
    await userEvent.type(screen.getByLabelText('Team name'), 'Weekend crew');
    expect(createButton()).toBeDisabled();
    expect(createButton()).toHaveAccessibleDescription('Please select at least one vehicle');
    expect(createButton().parentElement).toHaveAttribute('title', 'Please select at least one vehicle');

    await userEvent.click(screen.getByLabelText(/2022 Tesla Model 2/));
    expect(createButton()).toBeEnabled();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/2022 Tesla Model 2/));
    expect(createButton()).toHaveAccessibleDescription('Please select at least one vehicle');
  });

  it('shows booking management always on, and a car of another team cannot be picked', async () => {
    signInAs('u-host');
    backend();
    renderRoutes(routes, '/host/teams/create');
    const booking = await screen.findByRole('checkbox', { name: 'Booking management (always included)' });
    expect(booking).toBeChecked();
    expect(booking).toBeDisabled();
    expect(booking).toHaveAccessibleDescription(/Check-in and checkout.*Guest messaging.*Viewing bookings and history/);
    expect(screen.getByRole('checkbox', { name: 'Pricing and availability' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByLabelText(/2022 Tesla Model 3/)).toBeDisabled());
    expect(screen.getByText('In team Bay crew')).toBeInTheDocument();
  });

  it("sends name, cars and permissions, then opens the new team's co-hosts page", async () => {
    signInAs('u-host');
    const sent = backend();
    const { router } = renderRoutes(routes, '/host/teams/create');
    await userEvent.type(await screen.findByLabelText('Team name'), '  Weekend crew ');
    await userEvent.click(screen.getByLabelText(/2022 Tesla Model 1/));
    await userEvent.click(screen.getByLabelText(/2022 Tesla Model 2/));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pricing and availability' }));
    await userEvent.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/teams/team-new/cohosts'));
    expect(sent).toEqual([{ teamName: 'Weekend crew', carIds: ['car-1', 'car-2'], permissions: { bookingManagement: true, pricingAndAvailability: true, full: false } }]);
    expect(await screen.findByRole('heading', { name: 'Weekend crew', level: 1 })).toBeInTheDocument();
  });

  it.each([
    [() => HttpResponse.json({ error: 'car_in_other_team', message: 'Tesla Model 1 is already in team Bay crew' }, { status: 409 }), 'Failed to create team: Tesla Model 1 is already in team Bay crew'],
    [() => new HttpResponse(null, { status: 500 }), 'Failed to create team: Unknown error'],
    [() => HttpResponse.error(), 'An error occurred while creating the team.'],
  ])('a refusal shows the spec alert (%#)', async (answer, text) => {
    signInAs('u-host');
    backend(answer);
    renderRoutes(routes, '/host/teams/create');
    await userEvent.type(await screen.findByLabelText('Team name'), 'Crew');
    await userEvent.click(screen.getByLabelText(/2022 Tesla Model 1/));
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("says 'Failed to fetch vehicles' when the car list fails", async () => {
    signInAs('u-host');
    backend();
    server.use(http.get('*/v1/cohost/getHostVehicles', () => HttpResponse.json({ error: 'x', message: 'down' }, { status: 503 })));
    renderRoutes(routes, '/host/teams/create');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch vehicles');
    expect(within(screen.getByTestId('create-team-page')).getByRole('button', { name: 'Create team' })).toBeDisabled();
  });
});
