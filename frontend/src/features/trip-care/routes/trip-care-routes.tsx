import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/**
 * The guest's trip care (spec 002 sections 2, 4): check-in and check-out photos, incidentals,
 * reporting an issue, the photo attach screen, the trip summary in report mode and the rental
 * agreement; children of the app's layout.
 */
export const tripCareRoutes: RouteObject[] = [
  ...['/trip/check-in', '/trip/check-out', '/trip/incidentals', '/trip/report-issue', '/trip/summary', '/trip/photos/:kind/:category', '/rental-agreement'].map((path) => ({ path, element: <ComingSoon /> })),
];
