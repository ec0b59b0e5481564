import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { HostLanding } from '../components/host-landing';
import { LOGIN_FOR_LISTING, type WizardStart } from '../components/use-start-listing';
import { ListingWizard } from '../components/wizard';
import { parseStep, stepLabel } from '../lib/steps';
import { useDocumentTitle } from '../lib/use-document-title';
import '../listing.css';

/**
 * `/host/become-host` (spec 001 section 2): the landing, or with `?step=` the listing wizard at
 * that step. A visitor who is not logged in is sent to the login page.
 */
export default function BecomeHostRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const step = parseStep(params.get('step'));
  const userId = userIdOf(session?.user);
  useDocumentTitle(step ? `List your car: ${stepLabel(step)} | Upcar` : 'Become a host | Upcar');
  if (!step) return <HostLanding />;
  if (!session || !userId) return <Navigate to={LOGIN_FOR_LISTING} replace />;
  const start = (location.state as WizardStart | null)?.checked ? (location.state as WizardStart) : null;
  return <ListingWizard step={step} userId={userId} start={start} />;
}
