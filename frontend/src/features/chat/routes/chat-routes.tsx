import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// One page for both paths (the list, and the open room beside it), so opening a room keeps the socket.
const MessagesRoute = lazy(() => import('./messages'));

/** Chat (spec 000 section 4.7, spec 001 section 2): the rooms list and a room, children of the app's layout. */
export const chatRoutes: RouteObject[] = [
  { path: '/messages/:roomId?', element: <MessagesRoute /> },
];
