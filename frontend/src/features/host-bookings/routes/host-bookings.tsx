import { ComingSoon } from '@/components/coming-soon';

export default function HostBookingsRoute() {
  return <ComingSoon />;
}
