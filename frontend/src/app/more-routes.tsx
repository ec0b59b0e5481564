import { useRoutes } from 'react-router';
import { listingRoutes } from '@/features/listing/routes/listing-routes';
import { hostRoutes } from '@/features/host/routes/host-routes';
import { teamRoutes } from '@/features/teams/routes/team-routes';
import { hostBookingsRoutes } from '@/features/host-bookings/routes/host-bookings-routes';
import { pagesRoutes } from '@/features/pages/routes/pages-routes';
import { chatRoutes } from '@/features/chat/routes/chat-routes';
import { tripCareRoutes } from '@/features/trip-care/routes/trip-care-routes';
import { adminRoutes } from '@/features/admin/routes/admin-routes';
import NotFoundRoute from './not-found';

/**
 * The routes the guest's first pages never need: the host side (spec 001), the chat, trip care,
 * the pages the app links to and the team's pages. Matched here, in a chunk of its own that the app's router
 * loads for any path it does not know itself, so their route tables stay out of the first load.
 */
const more = [
  ...listingRoutes,
  ...hostRoutes,
  ...teamRoutes,
  ...hostBookingsRoutes,
  ...pagesRoutes,
  ...chatRoutes,
  ...tripCareRoutes,
  ...adminRoutes,
  { path: '*', element: <NotFoundRoute /> },
];

export default function MoreRoutes() {
  return useRoutes(more);
}
