import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** The host's fleet and business pages (spec 001 section 2), children of the app's layout. */
export const hostRoutes: RouteObject[] = [
  ...['/host/listings', '/host/car/:id/*', '/host/settings/availability', '/host/settings/block-availability', '/host/earnings', '/host/performance', '/host/reviews', '/scheduled'].map((path) => ({ path, element: <ComingSoon /> })),
];
