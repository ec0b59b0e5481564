import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const HostHistoryRoute = lazy(() => import('./history'));

/** The host's bookings (spec 001 section 2): /bookings/history; /bookings itself is chosen by the view (app/bookings). */
export const hostBookingsRoutes: RouteObject[] = [{ path: '/bookings/history', element: <HostHistoryRoute /> }];
