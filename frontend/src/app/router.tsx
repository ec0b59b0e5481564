import { lazy } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { searchCarsQueryOptions } from '@/features/search/api/search-cars';
import { parseSearchParams } from '@/features/search/lib/search-state';
import { captainRoutes } from '@/features/captains/routes/captain-routes';
import { Layout } from './layout';
import HomeRoute from '@/features/home/routes/home';
import SearchRoute from '@/features/search/routes/search';
import NotFoundRoute from './not-found';

// Home and search are in the first chunk (the pages people land on, measured for LCP); every
// other page loads on demand. The map is a lazy chunk of its own.
const CarRoute = lazy(() => import('@/features/car/routes/car'));
const CheckoutRoute = lazy(() => import('@/features/booking/routes/checkout'));
const PrebookRoute = lazy(() => import('@/features/booking/routes/prebook'));
const UserTripsErrorRoute = lazy(() => import('@/features/booking/routes/user-trips-error'));
const UploadSelfieRoute = lazy(() => import('@/features/booking/routes/upload-selfie'));
const BookingsRoute = lazy(() => import('./bookings'));
const MoreRoutes = lazy(() => import('./more-routes'));
const UpdateTripRoute = lazy(() => import('@/features/booking/routes/update-trip'));
const AdditionalDriverRoute = lazy(() => import('@/features/drivers/routes/additional-driver'));
const LoginStaticRoute = lazy(() => import('@/features/auth/routes/login-static'));
const UserProfileRoute = lazy(() => import('@/features/profile/routes/user-profile'));
const FavouritesRoute = lazy(() => import('@/features/favourites/routes/favourites'));
const LongTermRoute = lazy(() => import('@/features/search/routes/long-term'));

/** Starts the search request before the page renders (not awaited: the skeletons show meanwhile). */
const prefetchSearch = (qc: QueryClient) => ({ request }: LoaderFunctionArgs) => {
  const { state } = parseSearchParams(new URL(request.url).searchParams);
  void qc.prefetchQuery(searchCarsQueryOptions(state));
  return null;
};

export const routes = (qc?: QueryClient): RouteObject[] => [
  captainRoutes,
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/search', element: <SearchRoute />, loader: qc ? prefetchSearch(qc) : undefined },
      { path: '/car/:id', element: <CarRoute /> },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/verification/prebook', element: <PrebookRoute /> },
      { path: '/error/user-trips-error', element: <UserTripsErrorRoute /> },
      { path: '/drive-approve/upload-selfie', element: <UploadSelfieRoute /> },
      { path: '/bookings', element: <BookingsRoute /> },
      { path: '/update-trip', element: <UpdateTripRoute /> },
      { path: '/additional-driver', element: <AdditionalDriverRoute /> },
      { path: '/login-static', element: <LoginStaticRoute /> },
      { path: '/user-profile/:id', element: <UserProfileRoute /> },
      { path: '/long-term-rental', element: <LongTermRoute /> },
      { path: '/favourites', element: <FavouritesRoute /> },
      { path: '/404', element: <NotFoundRoute /> },
      // Every other path: the host side, chat, trip care and the linked pages, matched in a chunk of
      // their own (./more-routes), which also answers "page not found".
      { path: '*', element: <MoreRoutes /> },
    ],
  },
];

export function makeRouter(qc: QueryClient) {
  return createBrowserRouter(routes(qc));
}
