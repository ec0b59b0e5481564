import { ComingSoon } from '@/components/coming-soon';

/** /update-trip?tripId=: the guest's modification request (dates, extras, protection plan). */
export default function UpdateTripRoute() {
  return <ComingSoon />;
}
