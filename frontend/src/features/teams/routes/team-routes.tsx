import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** Co-host teams (spec 001 sections 2, 4, 6), children of the app's layout. */
export const teamRoutes: RouteObject[] = [
  ...['/host/teams', '/host/teams/create', '/host/teams/invite/:teamId', '/host/teams/:teamId/*', '/learn-more'].map((path) => ({ path, element: <ComingSoon /> })),
];
