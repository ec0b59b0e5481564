import { Suspense } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { setSession } from '@/lib/session';
import { teamRoutes } from './routes/team-routes';

/** Where the router is, for asserting navigations. */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** The feature's routes under a Suspense boundary (the app's layout has one), and stand-ins for the pages they link to. */
export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<p>Loading…</p>}>
        <Outlet />
        <Where />
      </Suspense>
    ),
    children: [...teamRoutes, { path: '/login-static', element: <h1>Login page</h1> }, { path: '/host/car/:carId/edit-pricing', element: <h1>Pricing page</h1> }],
  },
];

export const signInAs = (userId: string, email = `${userId}@example.com`) => setSession(`token-${userId}`, { _id: userId, userId, user_id: userId, email, firstName: 'Pat' });
