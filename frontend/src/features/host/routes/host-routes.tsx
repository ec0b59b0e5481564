import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';

// The host area's layout and each page load on demand, so host code stays out of the guest's first chunk.
const HostLayout = lazy(() => import('../components/host-layout').then((m) => ({ default: m.HostLayout })));
const ListingsRoute = lazy(() => import('./listings'));
const CarSettingsRoute = lazy(() => import('./car-settings'));
const WeeklyHoursRoute = lazy(() => import('./availability'));
const BlockAvailabilityRoute = lazy(() => import('./block-availability'));
const EarningsRoute = lazy(() => import('./earnings'));
const PerformanceRoute = lazy(() => import('./performance'));
const ReviewsRoute = lazy(() => import('./reviews'));
const ScheduledRoute = lazy(() => import('./scheduled'));

/** The host's fleet and business pages (spec 001 section 2), children of the app's layout. */
export const hostRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <HostLayout />
      </Suspense>
    ),
    children: [
      { path: '/host/listings', element: <ListingsRoute /> },
      { path: '/host/car/:id', element: <Navigate to="edit-pricing" replace /> },
      { path: '/host/car/:id/:section', element: <CarSettingsRoute /> },
      { path: '/host/settings/availability', element: <WeeklyHoursRoute /> },
      { path: '/host/settings/block-availability', element: <BlockAvailabilityRoute /> },
      { path: '/host/earnings', element: <EarningsRoute /> },
      { path: '/host/performance', element: <PerformanceRoute /> },
      { path: '/host/reviews', element: <ReviewsRoute /> },
      { path: '/scheduled', element: <ScheduledRoute /> },
    ],
  },
];
