import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** The listing wizard's routes (spec 001 section 2), children of the app's layout; each page loads on demand. */
export const listingRoutes: RouteObject[] = [
  { path: '/host/become-host', element: <ComingSoon /> },
  { path: '/host/incentives', element: <ComingSoon /> },
];
