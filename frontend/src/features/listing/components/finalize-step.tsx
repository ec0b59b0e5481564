import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '@/api/query-keys';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-client';
import type { CarListing } from '@/api/get-car-listing';
import { useSaveListingSection, type SectionBody } from '../api/save-listing-section';
import { formatAddress } from '../lib/address';
import { useEnum } from '@/api/get-enum';
import { styleLabel } from './vehicle-modals';
import { ADVANCE_NOTICE_OPTIONS, FINALIZE_REDIRECT_MS, GAS_TYPES, MAX_TRIP_OPTIONS, MIN_TRIP_OPTIONS, TRANSMISSIONS } from '../lib/constants';
import { MSG } from '../lib/messages';
import { STEPS, type StepKey } from '../lib/steps';
import { validateFinalize } from '../lib/validation';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { TermsBox } from './vin-step';
import { useWizard } from './wizard-context';

const label = (options: readonly { value: number | string; label: string }[], v: number | string | null | undefined) => options.find((o) => o.value === v)?.label ?? (v == null ? '—' : String(v));

/** The whole listing as the finalize call sends it (spec 001 section 3: "finalize: the whole assembled listing"). */
export function assembleListing(l: CarListing): SectionBody {
  return {
    sectionName: 'finalize',
    carId: l.carId,
    address: l.address ? { ...l.address } : null,
    ...(l.location ? { location: l.location } : {}),
    vin: l.vin ?? '',
    make: l.make ?? '',
    model: l.model ?? '',
    style: l.style ?? '',
    carYear: l.carYear ?? '',
    trim: l.trim ?? '',
    odometer: l.odometer ?? '',
    transmissionType: l.transmissionType ?? '',
    advanceNotice: l.advanceNotice ?? null,
    minTripDuration: l.minTripDuration ?? null,
    maxTripDuration: l.maxTripDuration ?? null,
    twoDayTripForWeekend: l.twoDayTripForWeekend,
    features: l.features,
    specialFeature: l.specialFeature ?? '',
    licensePlate: l.licensePlate ?? '',
    state: l.state ?? '',
    seats: l.seats ?? null,
    doors: l.doors ?? null,
    gasType: l.gasType ?? '',
    carDescription: l.carDetails ?? '',
    carDailyPrice: l.dailyPrice != null ? String(Math.round(l.dailyPrice)) : '',
    primaryPhotoUrl: l.primaryPhotoUrl ?? '',
    photoUrls: l.photoUrls,
    termsAccepted: true,
  };
}

function Section({ title, step, children, onEdit }: { title: string; step: StepKey; children: React.ReactNode; onEdit: (s: StepKey) => void }) {
  return (
    <section className="panel listing-review" aria-label={title}>
      <div className="listing-review__head">
        <h3>{title}</h3>
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => onEdit(step)} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </button>
      </div>
      {children}
    </section>
  );
}

/**
 * Review (spec 001 sections 4 and 5): everything saved, the terms box, and the submit of the
 * assembled listing. Then the thank-you popup, the host status read again, and the car's
 * pricing page 3 s later.
 */
export function FinalizeStep() {
  const { draft, userId, carId, back, goTo } = useWizard();
  const qc = useQueryClient();
  const types = useEnum('carTypes');
  const navigate = useNavigate();
  const mutation = useSaveListingSection();
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [doneId, setDoneId] = useState<string | null>(null);

  useEffect(() => {
    if (!doneId) return;
    const t = window.setTimeout(() => navigate(`/host/car/${doneId}/edit-pricing`), FINALIZE_REDIRECT_MS);
    return () => window.clearTimeout(t);
  }, [doneId, navigate]);

  if (!draft) return null;
  const l = draft;

  const submit = async () => {
    const bad = validateFinalize(terms);
    setTermsError(bad);
    setError(null);
    if (bad) return;
    try {
      const r = await mutation.mutateAsync({ userId, ...assembleListing(l) });
      if (!r.status) {
        setError(r.message || MSG.finalizeFailed);
        return;
      }
      void qc.invalidateQueries({ queryKey: queryKeys.hostStatus(userId) });
      void qc.invalidateQueries({ queryKey: queryKeys.carListing(r.carId || l.carId) });
      setDoneId(r.carId || carId || l.carId);
    } catch (e) {
      setError(errorMessage(e, MSG.finalizeFailed));
    }
  };

  const missing = STEPS.filter((s) => s.key !== 'finalize' && !l.completedSteps.includes(s.key));
  return (
    <>
      <StepFrame
        title="Review your listing"
        intro="Check everything before you submit: our team reviews each listing before it goes live."
        testId="finalize"
        error={error}
        onSubmit={() => void submit()}
        actions={
          <>
            <BackButton onClick={back} disabled={mutation.isPending || Boolean(doneId)} />
            <NextButton pending={mutation.isPending} disabled={Boolean(doneId)} label="Submit listing" />
          </>
        }
      >
        {missing.length > 0 && (
          <p className="form__error" role="alert">
            Still to complete: {missing.map((s) => s.label).join(', ')}.
          </p>
        )}
        <div className="listing-reviews">
          <Section title="Location" step="location" onEdit={goTo}>
            <p data-testid="review-location">{l.address ? formatAddress(l.address) : '—'}</p>
          </Section>
          <Section title="Vehicle" step="vinDetails" onEdit={goTo}>
            <p data-testid="review-vehicle">
              {l.carYear} {l.make} {l.model} {l.trim}
            </p>
            <p className="muted">
              VIN {l.vin} · {styleLabel(l.style ?? '', types.data)} · {label(TRANSMISSIONS, l.transmissionType ?? '')} · {l.odometer}
            </p>
          </Section>
          <Section title="Availability" step="availability" onEdit={goTo}>
            <ul className="listing-facts">
              <li>Advance notice: {label(ADVANCE_NOTICE_OPTIONS, l.advanceNotice)}</li>
              <li>Minimum trip: {label(MIN_TRIP_OPTIONS, l.minTripDuration)}</li>
              <li>Maximum trip: {label(MAX_TRIP_OPTIONS, l.maxTripDuration)}</li>
              {l.twoDayTripForWeekend && <li>Two days minimum for weekend trips</li>}
            </ul>
          </Section>
          <Section title="Features" step="features" onEdit={goTo}>
            <ul className="listing-facts">
              <li>Special feature: {l.specialFeature ?? '—'}</li>
              <li>
                Plate: {l.licensePlate ?? '—'} ({l.state ?? '—'})
              </li>
              <li>
                {l.seats ?? '—'} seats · {l.doors ?? '—'} doors · {label(GAS_TYPES, l.gasType ?? '')}
              </li>
              <li>{l.features.length ? l.features.join(', ') : 'No features chosen'}</li>
            </ul>
          </Section>
          <Section title="Description" step="description" onEdit={goTo}>
            <p className="prewrap listing-review__text">{l.carDetails ?? '—'}</p>
          </Section>
          <Section title="Price" step="dailyPrice" onEdit={goTo}>
            <p data-testid="review-price">{l.dailyPrice != null ? `$${Math.round(l.dailyPrice)} / day` : '—'}</p>
          </Section>
          <Section title="Photos" step="photos" onEdit={goTo}>
            <ul className="listing-review__photos" aria-label="Photos">
              {l.photoUrls.map((u, i) => (
                <li key={u}>
                  <img src={u} alt={`Photo ${i + 1}${u === l.primaryPhotoUrl ? ' (main photo)' : ''}`} />
                </li>
              ))}
            </ul>
          </Section>
        </div>
        <TermsBox id="finalize-terms" checked={terms} onChange={setTerms} error={termsError} />
      </StepFrame>
      {doneId && (
        <Modal title={MSG.thanksTitle} onClose={() => navigate(`/host/car/${doneId}/edit-pricing`)} size="sm">
          <div data-testid="listing-submitted">
            <p>{MSG.thanksBody}</p>
            <p className="muted" role="status">
              Taking you to your car's page…
            </p>
            <div className="listing-actions">
              <button type="button" className="btn btn--primary" onClick={() => navigate(`/host/car/${doneId}/edit-pricing`)}>
                Go to my car
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
