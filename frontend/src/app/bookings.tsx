import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/auth';
import { useHostView } from '@/lib/host-view';

const TripRoute = lazy(() => import('@/features/booking/routes/trip'));
const HostBookingsRoute = lazy(() => import('@/features/host-bookings/routes/host-bookings'));

/**
 * /bookings: the host view's landing page (upcoming trips of the host's and team's cars, and
 * the requests to answer; spec 001 section 2), or the guest's trips. A trip opened by its id
 * (`?tripId=`, as past trips open in a new tab) is the trip page in either view.
 */
export default function BookingsRoute() {
  const [q] = useSearchParams();
  const session = useSession();
  const hostView = useHostView() && Boolean(session);
  if (hostView && !q.get('tripId')) return <HostBookingsRoute />;
  return <TripRoute />;
}
