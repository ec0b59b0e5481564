import { createContext, useContext } from 'react';
import type { CarListing } from '@/api/get-car-listing';
import type { SectionAnswer } from '../api/save-listing-section';
import type { StepKey } from '../lib/steps';

export type WizardApi = {
  userId: string;
  /** The draft being filled; null until the location is saved. */
  carId: string | null;
  /** The draft as last read (`GET /host/carListing/car/{id}`), to prefill each step. */
  draft: CarListing | null;
  step: StepKey;
  goTo: (step: StepKey) => void;
  /** Back: the step before this one. */
  back: () => void;
  /** After a save answered `status: true`: reads the draft again and moves to the next step. */
  saved: (answer: SectionAnswer) => Promise<void>;
};

export const WizardContext = createContext<WizardApi | null>(null);

export function useWizard(): WizardApi {
  const w = useContext(WizardContext);
  if (!w) throw new Error('useWizard outside the listing wizard');
  return w;
}
