import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';

// A layout of their own (no guest header); each page loads on demand.
const CaptainLayout = lazy(() => import('../components/captain-layout').then((m) => ({ default: m.CaptainLayout })));
const CaptainGate = lazy(() => import('../components/captain-gate').then((m) => ({ default: m.CaptainGate })));
const CaptainLoginRoute = lazy(() => import('./login'));
const CaptainForgotPasswordRoute = lazy(() => import('./forgot-password'));
const CaptainResetPasswordRoute = lazy(() => import('./reset-password'));
const CaptainDashboardRoute = lazy(() => import('./dashboard'));
const CaptainTaskRoute = lazy(() => import('./task'));

/**
 * The captains' routes (spec 001 section 2), mounted by the app's router: login and the password
 * pages are open, the dashboard and a task need the captain session.
 */
export const captainRoutes: RouteObject = {
  path: '/captains',
  element: (
    <Suspense fallback={<LoadingScreen />}>
      <CaptainLayout />
    </Suspense>
  ),
  children: [
    { index: true, element: <Navigate to="/captains/dashboard" replace /> },
    { path: 'login', element: <CaptainLoginRoute /> },
    { path: 'forgot-password', element: <CaptainForgotPasswordRoute /> },
    { path: 'reset-password', element: <CaptainResetPasswordRoute /> },
    {
      element: <CaptainGate />,
      children: [
        { path: 'dashboard', element: <CaptainDashboardRoute /> },
        { path: ':taskId', element: <CaptainTaskRoute /> },
      ],
    },
  ],
};
