import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSaveListingSection, type SectionBody } from '../api/save-listing-section';
import { useWizard } from './wizard-context';

type Texts = {
  /** The answer said `status: false` without a message. */
  failed: string;
  /** The call failed without a message of the server's (or, as a function, the text for any failure). */
  error: string | ((e: unknown) => string);
  /** A refusal the step handles itself (the VIN's already-registered dialog); true when handled. */
  onRefused?: (e: ApiError) => boolean;
};

/**
 * Saves the step (`addCarListing` with `sectionName` and its fields) and moves on only when the
 * answer says `status: true`; otherwise the server's message (or the step's own) is shown.
 */
export function useStepSave(texts: Texts) {
  const wizard = useWizard();
  const mutation = useSaveListingSection();
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  const save = async (body: SectionBody): Promise<boolean> => {
    setError(null);
    try {
      const r = await mutation.mutateAsync({ userId: wizard.userId, ...(wizard.carId ? { carId: wizard.carId } : {}), ...body });
      if (!r.status) {
        setError(r.message || texts.failed);
        return false;
      }
      setMoving(true);
      await wizard.saved(r);
      return true;
    } catch (e) {
      if (e instanceof ApiError && texts.onRefused?.(e)) return false;
      setError(typeof texts.error === 'function' ? texts.error(e) : errorMessage(e, texts.error));
      return false;
    } finally {
      setMoving(false);
    }
  };

  return { save, error, setError, pending: mutation.isPending || moving };
}
