import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const BecomeHostRoute = lazy(() => import('./become-host'));
const IncentivesRoute = lazy(() => import('./incentives'));

/** The listing wizard's routes (spec 001 section 2), children of the app's layout; each page loads on demand. */
export const listingRoutes: RouteObject[] = [
  { path: '/host/become-host', element: <BecomeHostRoute /> },
  { path: '/host/incentives', element: <IncentivesRoute /> },
];
