import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import HomeRoute from '@/features/home/routes/home';
import NotFoundRoute, { ComingSoonRoute } from './not-found';

// Home is in the first chunk (it is the landing page); every other page loads on demand.
const SearchRoute = lazy(() => import('@/features/search/routes/search'));
const CarRoute = lazy(() => import('@/features/car/routes/car'));
const CheckoutRoute = lazy(() => import('@/features/booking/routes/checkout'));
const PrebookRoute = lazy(() => import('@/features/booking/routes/prebook'));
const UserTripsErrorRoute = lazy(() => import('@/features/booking/routes/user-trips-error'));
const UploadSelfieRoute = lazy(() => import('@/features/booking/routes/upload-selfie'));
const TripRoute = lazy(() => import('@/features/booking/routes/trip'));
const LoginStaticRoute = lazy(() => import('@/features/auth/routes/login-static'));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/search', element: <SearchRoute /> },
      { path: '/car/:id', element: <CarRoute /> },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/verification/prebook', element: <PrebookRoute /> },
      { path: '/error/user-trips-error', element: <UserTripsErrorRoute /> },
      { path: '/drive-approve/upload-selfie', element: <UploadSelfieRoute /> },
      { path: '/bookings', element: <TripRoute /> },
      { path: '/login-static', element: <LoginStaticRoute /> },
      { path: '/404', element: <NotFoundRoute /> },
      ...['/long-term-rental', '/giveaway', '/host/become-host', '/aboutus', '/help', '/terms/*', '/user-profile/:id', '/app', '/reset-password'].map((path) => ({ path, element: <ComingSoonRoute /> })),
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
