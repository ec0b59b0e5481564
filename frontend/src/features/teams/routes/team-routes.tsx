import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each page loads on demand, so host code stays out of the guest's first chunk.
const TeamsRoute = lazy(() => import('./teams'));
const CreateTeamRoute = lazy(() => import('./create-team'));
const InvitationRoute = lazy(() => import('./invitation'));
const TeamLayoutRoute = lazy(() => import('./team-layout'));
const TeamCoHostsRoute = lazy(() => import('./team-cohosts'));
const TeamPermissionsRoute = lazy(() => import('./team-permissions'));
const TeamVehiclesRoute = lazy(() => import('./team-vehicles'));
const TeamSettingsRoute = lazy(() => import('./team-settings'));
const LearnMoreRoute = lazy(() => import('./learn-more'));

/** Co-host teams (spec 001 sections 2, 4, 6), children of the app's layout. */
export const teamRoutes: RouteObject[] = [
  { path: '/host/teams', element: <TeamsRoute /> },
  { path: '/host/teams/create', element: <CreateTeamRoute /> },
  { path: '/host/teams/invite/:teamId', element: <InvitationRoute /> },
  {
    path: '/host/teams/:teamId',
    element: <TeamLayoutRoute />,
    children: [
      { index: true, element: <Navigate to="cohosts" replace /> },
      { path: 'cohosts', element: <TeamCoHostsRoute /> },
      { path: 'permissions', element: <TeamPermissionsRoute /> },
      { path: 'vehicles', element: <TeamVehiclesRoute /> },
      { path: 'settings', element: <TeamSettingsRoute /> },
      { path: '*', element: <Navigate to="cohosts" replace /> },
    ],
  },
  { path: '/learn-more', element: <LearnMoreRoute /> },
];
