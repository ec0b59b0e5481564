import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';

const AdminLayout = lazy(() => import('../components/admin-layout').then((m) => ({ default: m.AdminLayout })));
const AdminListingsRoute = lazy(() => import('./listings'));
const AdminAnalyticsRoute = lazy(() => import('./analytics'));

/** The team's pages (admins): the listing review queue and the analytics, chunks of their own. */
export const adminRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      { path: '/admin', element: <Navigate to="/admin/listings" replace /> },
      { path: '/admin/listings', element: <AdminListingsRoute /> },
      { path: '/admin/analytics', element: <AdminAnalyticsRoute /> },
    ],
  },
];
