import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { carListingQueryOptions, checkCarListing, useCarListing } from '@/api/get-car-listing';
import type { SectionAnswer } from '../api/save-listing-section';
import { nextStepOf, parseStep, previousStepOf, reachableStep, type StepKey } from '../lib/steps';
import { AvailabilityStep } from './availability-step';
import { DescriptionStep } from './description-step';
import { FeaturesStep } from './features-step';
import { FinalizeStep } from './finalize-step';
import { PhotosStep } from './photos-step';
import { PriceStep } from './price-step';
import { Stepper } from './stepper';
import type { WizardStart } from './use-start-listing';
import { VinStep } from './vin-step';
import { WizardContext, type WizardApi } from './wizard-context';

// The location step holds the map; it loads with its step.
const LocationStep = lazy(() => import('./location-step'));

type Props = { step: StepKey; userId: string; start: WizardStart | null };

/**
 * The 8-step listing wizard (spec 001 sections 2 and 4): the step is the URL's `?step=`; Next
 * moves on only after the step's save answered `status: true`; Back goes one step back. The
 * draft is the one the start button chose (router state) or, on a reload, the caller's draft
 * as `checkCarListing` finds it.
 */
export function ListingWizard({ step, userId, start }: Props) {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const [carId, setCarId] = useState<string | null>(start?.carId ?? null);
  const [checked, setChecked] = useState(Boolean(start?.checked));
  const [checkError, setCheckError] = useState<string | null>(null);
  const draftQuery = useCarListing(carId ?? '');
  const draft = carId ? (draftQuery.data?.carListing ?? null) : null;

  const goTo = useCallback(
    (next: StepKey, replace = false) => {
      const p = new URLSearchParams(params);
      p.set('step', next);
      setParams(p, { replace });
    },
    [params, setParams],
  );

  // A reload (or a link) opens the wizard without the start button: find the caller's draft.
  useEffect(() => {
    if (checked) return;
    let live = true;
    checkCarListing(userId)
      .then((r) => {
        if (!live) return;
        if (r.hasExistingListing && r.carId) setCarId(r.carId);
        setChecked(true);
      })
      .catch((e) => live && setCheckError(errorMessage(e, 'Could not load your listing. Please try again.')));
    return () => {
      live = false;
    };
  }, [checked, userId]);

  // A step past the first one not saved opens that one instead (without a draft: the location).
  const resumeAt: StepKey | null = !checked ? null : carId ? (draftQuery.data ? (parseStep(draftQuery.data.nextStep) ?? 'finalize') : null) : 'location';
  useEffect(() => {
    if (!resumeAt) return;
    const allowed = reachableStep(step, resumeAt);
    if (allowed !== step) goTo(allowed, true);
  }, [resumeAt, step, goTo]);

  const saved = useCallback(
    async (answer: SectionAnswer) => {
      const id = answer.carId || carId;
      if (id) {
        // The next step is prefilled from the draft as saved: read it before moving on.
        await qc.fetchQuery({ ...carListingQueryOptions(id), staleTime: 0 }).catch(() => undefined);
        setCarId(id);
      }
      const next = nextStepOf(step);
      if (next) goTo(next);
    },
    [carId, goTo, qc, step],
  );

  const api = useMemo<WizardApi>(
    () => ({
      userId,
      carId,
      draft,
      step,
      goTo: (s) => goTo(s),
      back: () => {
        const prev = previousStepOf(step);
        if (prev) goTo(prev);
      },
      saved,
    }),
    [userId, carId, draft, step, goTo, saved],
  );

  const loading = !checked || (carId !== null && draftQuery.isPending);
  let body;
  if (checkError || draftQuery.isError) {
    body = (
      <p className="form__error" role="alert">
        {checkError ?? errorMessage(draftQuery.error, 'Could not load your listing. Please try again.')}
      </p>
    );
  } else if (loading || (resumeAt && reachableStep(step, resumeAt) !== step)) {
    body = (
      <p className="muted" role="status">
        Loading your listing…
      </p>
    );
  } else {
    // Each step starts from the draft as saved when it opens.
    const key = `${step}:${carId ?? 'new'}`;
    body = (
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {step === 'location' && <LocationStep key={key} />}
        {step === 'vinDetails' && <VinStep key={key} />}
        {step === 'availability' && <AvailabilityStep key={key} />}
        {step === 'features' && <FeaturesStep key={key} />}
        {step === 'description' && <DescriptionStep key={key} />}
        {step === 'dailyPrice' && <PriceStep key={key} />}
        {step === 'photos' && <PhotosStep key={key} />}
        {step === 'finalize' && <FinalizeStep key={key} />}
      </Suspense>
    );
  }

  return (
    <WizardContext.Provider value={api}>
      <main id="main" className="page listing-wizard" data-testid="listing-wizard" data-step={step}>
        <h1>List Your Car</h1>
        <Stepper current={step} completed={draft?.completedSteps ?? []} />
        {body}
      </main>
    </WizardContext.Provider>
  );
}
