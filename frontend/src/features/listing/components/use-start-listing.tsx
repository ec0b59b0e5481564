import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { useCheckCarListing } from '@/api/get-car-listing';
import { useDeleteCarListing } from '../api/delete-car-listing';
import { parseStep } from '../lib/steps';
import { ExistingListingDialog } from './existing-listing-dialog';

export const LOGIN_FOR_LISTING = '/login-static?nextPage=/host/become-host';

/** What the wizard is started with (router state): the draft to fill, already checked. */
export type WizardStart = { carId: string | null; checked: true };

type Draft = { carId: string; nextStep: string | null; message: string };

/**
 * "List your car" (spec 001 sections 2 and 4): a visitor goes to the login page; a signed-in
 * user's drafts are looked up first, and an existing one opens the 'Existing Car Listing'
 * dialog (Continue Listing resumes at its `nextStep`, Start New Listing deletes it and starts at
 * the location); with none the wizard starts at the location.
 */
export function useStartListing(): { start: () => void; pending: boolean; error: string | null; dialog: ReactNode } {
  const session = useSession();
  const navigate = useNavigate();
  const check = useCheckCarListing();
  const remove = useDeleteCarListing();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const open = (step: string, carId: string | null) => {
    const start: WizardStart = { carId, checked: true };
    navigate(`/host/become-host?step=${step}`, { state: start });
  };

  const start = () => {
    setError(null);
    const userId = userIdOf(session?.user);
    if (!session || !userId) {
      navigate(LOGIN_FOR_LISTING);
      return;
    }
    check.mutate(userId, {
      onSuccess: (r) => {
        if (r.hasExistingListing && r.carId) setDraft({ carId: r.carId, nextStep: r.nextStep ?? null, message: r.message });
        else open('location', null);
      },
      onError: (e) => setError(errorMessage(e, 'Could not check for an existing listing. Please try again.')),
    });
  };

  const dialog = draft && (
    <ExistingListingDialog
      message={draft.message}
      busy={remove.isPending}
      error={dialogError}
      onClose={() => setDraft(null)}
      onContinue={() => {
        setDraft(null);
        open(parseStep(draft.nextStep) ?? 'location', draft.carId);
      }}
      onStartNew={() => {
        setDialogError(null);
        remove.mutate(draft.carId, {
          onSuccess: () => {
            setDraft(null);
            open('location', null);
          },
          onError: (e) => setDialogError(errorMessage(e, 'The listing could not be deleted. Please try again.')),
        });
      }}
    />
  );

  return { start, pending: check.isPending, error, dialog };
}
