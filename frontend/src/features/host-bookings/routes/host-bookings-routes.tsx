import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** The host's bookings (spec 001 section 2): /bookings/history; /bookings itself is chosen by the view (app/router). */
export const hostBookingsRoutes: RouteObject[] = [{ path: '/bookings/history', element: <ComingSoon /> }];
