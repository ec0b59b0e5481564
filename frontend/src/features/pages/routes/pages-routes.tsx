import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page loads on demand.
const TermsRoute = lazy(() => import('./terms'));
const CancellationRoute = lazy(() => import('./cancellation'));
const ProtectionPlansRoute = lazy(() => import('./protection-plans'));
const AboutRoute = lazy(() => import('./about'));
const GiveawayRoute = lazy(() => import('./giveaway'));
const ResetPasswordRoute = lazy(() => import('./reset-password'));
const HelpRoute = lazy(() => import('./help'));

/** The pages the app links to (terms, cancellation policy, protection plans, about, giveaway, password reset, help and support), children of the app's layout. */
export const pagesRoutes: RouteObject[] = [
  { path: '/terms/conditions', element: <TermsRoute /> },
  { path: '/terms/cancellation', element: <CancellationRoute /> },
  { path: '/terms/owner/protectionplans', element: <ProtectionPlansRoute /> },
  { path: '/aboutus', element: <AboutRoute /> },
  { path: '/giveaway', element: <GiveawayRoute /> },
  { path: '/reset-password', element: <ResetPasswordRoute /> },
  { path: '/help', element: <HelpRoute /> },
];
