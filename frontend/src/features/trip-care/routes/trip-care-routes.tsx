import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const HandoverRoute = lazy(() => import('./handover'));
const IncidentalsRoute = lazy(() => import('./incidentals'));
const ReportIssueRoute = lazy(() => import('./report-issue'));
const SummaryRoute = lazy(() => import('./summary'));
const PhotosRoute = lazy(() => import('./photos'));
const RentalAgreementRoute = lazy(() => import('./rental-agreement'));

/**
 * Trip care (spec 002 sections 2, 4): check-in and check-out photos, incidentals (the guest's
 * and the car's host's), reporting an issue, the photo attach screen, the trip summary in report mode and the rental
 * agreement; children of the app's layout, each a chunk of its own. Every page takes `?tripId=`.
 */
export const tripCareRoutes: RouteObject[] = [
  { path: '/trip/check-in', element: <HandoverRoute kind="check-in" /> },
  { path: '/trip/check-out', element: <HandoverRoute kind="check-out" /> },
  { path: '/trip/incidentals', element: <IncidentalsRoute /> },
  { path: '/trip/report-issue', element: <ReportIssueRoute /> },
  { path: '/trip/summary', element: <SummaryRoute /> },
  { path: '/trip/photos/:kind/:category', element: <PhotosRoute /> },
  { path: '/rental-agreement', element: <RentalAgreementRoute /> },
];
