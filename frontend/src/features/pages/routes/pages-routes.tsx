import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** The pages the app links to (terms, cancellation policy, protection plans, about, giveaway, password reset, help and support), children of the app's layout. */
export const pagesRoutes: RouteObject[] = [
  ...['/terms/conditions', '/terms/cancellation', '/terms/owner/protectionplans', '/aboutus', '/giveaway', '/reset-password', '/help'].map((path) => ({ path, element: <ComingSoon /> })),
];
