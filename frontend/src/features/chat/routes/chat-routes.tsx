import type { RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

/** Chat (spec 000 section 4.7, spec 001 section 2): the rooms list and a room, children of the app's layout. */
export const chatRoutes: RouteObject[] = [{ path: '/messages', element: <ComingSoon /> }, { path: '/messages/:roomId', element: <ComingSoon /> }];
