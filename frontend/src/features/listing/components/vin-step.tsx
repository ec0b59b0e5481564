import { useState } from 'react';
import { Field } from '@/components/field';
import { useEnum } from '@/api/get-enum';
import { useLookupVin } from '../api/lookup-vin';
import { DEFAULT_TRANSMISSION, TRANSMISSIONS, VIN_LENGTH } from '../lib/constants';
import { MSG } from '../lib/messages';
import { hasErrors, normalizeVin, validateOdometerForm, validateVin, type Errors, type OdometerForm } from '../lib/validation';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { ConfirmVehicleModal, EditVehicleModal, styleLabel, VinRegisteredModal, type Vehicle } from './vehicle-modals';
import { useWizard } from './wizard-context';

const NO_VEHICLE: Vehicle = { carYear: '', make: '', model: '', trim: '', style: '', transmissionType: '' };

function transmissionOf(t: string | null | undefined): string {
  const v = (t ?? '').toLowerCase();
  return TRANSMISSIONS.some((x) => x.value === v) ? v : DEFAULT_TRANSMISSION;
}

/**
 * The VIN step (spec 001 sections 4 and 5): the VIN (17 characters, trimmed), its lookup (an
 * already registered VIN opens the dialog), the decoded vehicle to confirm or edit, then the
 * odometer, the transmission and the terms box, and the save.
 */
export function VinStep() {
  const { draft, back } = useWizard();
  const fromDraft = Boolean(draft?.vin && draft.make);
  const [vin, setVin] = useState(draft?.vin ?? '');
  const [vinError, setVinError] = useState<string | null>(null);
  const [vehicle, setVehicle] = useState<Vehicle>(
    fromDraft && draft
      ? { carYear: String(draft.carYear ?? ''), make: draft.make ?? '', model: draft.model ?? '', trim: draft.trim ?? '', style: draft.style ?? '', transmissionType: draft.transmissionType ?? '' }
      : NO_VEHICLE,
  );
  const [confirmed, setConfirmed] = useState(fromDraft);
  const [modal, setModal] = useState<'confirm' | 'edit' | 'registered' | null>(null);
  const [form, setForm] = useState<OdometerForm>({ odometer: draft?.odometer ?? '', transmissionType: transmissionOf(draft?.transmissionType), termsAccepted: false });
  const [errors, setErrors] = useState<Errors<keyof OdometerForm>>({});
  const lookup = useLookupVin();
  const odometers = useEnum('carOdometers');
  const types = useEnum('carTypes');
  const { save, pending, error } = useStepSave({
    failed: MSG.vinSubmitFailed,
    error: MSG.vinSubmitError,
    onRefused: (e) => {
      if (e.code !== 'vin_registered') return false;
      setModal('registered');
      return true;
    },
  });

  const look = () => {
    const bad = validateVin(vin);
    setVinError(bad);
    if (bad) return;
    const v = normalizeVin(vin);
    setVin(v);
    setConfirmed(false);
    lookup.mutate(v, {
      onSuccess: (r) => {
        if (r.kind === 'registered') setModal('registered');
        else if (r.kind === 'none') setVinError(r.message);
        else {
          setVehicle({ carYear: String(r.vehicle.carYear || ''), make: r.vehicle.make, model: r.vehicle.model, trim: r.vehicle.trim, style: r.vehicle.style, transmissionType: r.vehicle.transmissionType });
          setForm((f) => ({ ...f, transmissionType: transmissionOf(r.vehicle.transmissionType) }));
          setModal('confirm');
        }
      },
      onError: (e) => setVinError(e.message || MSG.vinLookupFailed),
    });
  };

  const submit = async () => {
    const vinBad = validateVin(vin);
    setVinError(vinBad);
    const e = validateOdometerForm(form);
    setErrors(e);
    if (vinBad || hasErrors(e)) return;
    await save({
      sectionName: 'vinDetails',
      vin: normalizeVin(vin),
      make: vehicle.make,
      model: vehicle.model,
      style: vehicle.style,
      carYear: vehicle.carYear,
      odometer: form.odometer,
      transmissionType: form.transmissionType,
      trim: vehicle.trim,
      termsAccepted: true,
    });
  };

  const modals = (
    <>
      {modal === 'confirm' && (
        <ConfirmVehicleModal
          vin={vin}
          vehicle={vehicle}
          onClose={() => setModal(null)}
          onEdit={() => setModal('edit')}
          onConfirm={() => {
            setModal(null);
            setConfirmed(true);
          }}
        />
      )}
      {modal === 'edit' && (
        <EditVehicleModal
          vehicle={vehicle}
          onClose={() => setModal(confirmed ? null : vehicle.make ? 'confirm' : null)}
          onSave={(v) => {
            setVehicle(v);
            setModal(confirmed ? null : 'confirm');
          }}
        />
      )}
      {modal === 'registered' && <VinRegisteredModal onClose={() => setModal(null)} />}
    </>
  );

  if (!confirmed)
    return (
      <>
        <StepFrame
          title="What is your car's VIN?"
          intro="The 17-character vehicle identification number is on the driver's side of the dashboard, the door frame, and the registration."
          testId="vin-enter"
          onSubmit={look}
          actions={
            <>
              <BackButton onClick={back} />
              <NextButton pending={lookup.isPending} label="Look up VIN" />
            </>
          }
        >
          <Field id="vin" label="VIN" error={vinError ?? undefined}>
            <input
              id="vin"
              className="input listing-vin"
              value={vin}
              maxLength={VIN_LENGTH + 8}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={vinError ? true : undefined}
              aria-describedby={vinError ? 'vin-error' : undefined}
              onChange={(e) => setVin(e.target.value)}
            />
          </Field>
          {vinError === MSG.vinNoDetails && (
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                setVehicle(NO_VEHICLE);
                setModal('edit');
              }}
            >
              Enter the vehicle details yourself
            </button>
          )}
        </StepFrame>
        {modals}
      </>
    );

  const set = <K extends keyof OdometerForm>(k: K, v: OdometerForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <>
      <StepFrame
        title="Tell us about your car"
        testId="vin-details"
        error={error}
        onSubmit={() => void submit()}
        actions={
          <>
            <BackButton onClick={back} disabled={pending} />
            <NextButton pending={pending} label="Save and continue" />
          </>
        }
      >
        <div className="panel listing-vehicle" data-testid="vehicle-summary">
          <p>
            <strong>
              {vehicle.carYear} {vehicle.make} {vehicle.model}
            </strong>
            {vehicle.trim && ` ${vehicle.trim}`} · {styleLabel(vehicle.style, types.data)}
          </p>
          <p className="muted">VIN {vin}</p>
          <div className="listing-actions listing-actions--start">
            <button type="button" className="btn btn--sm btn--outline" onClick={() => setModal('edit')}>
              Edit vehicle
            </button>
            <button
              type="button"
              className="btn btn--sm btn--ghost"
              onClick={() => {
                setConfirmed(false);
                setVinError(null);
              }}
            >
              Change VIN
            </button>
          </div>
        </div>
        <Field id="odometer" label="Odometer" error={errors.odometer}>
          <select id="odometer" className="input" value={form.odometer} onChange={(e) => set('odometer', e.target.value)} aria-invalid={errors.odometer ? true : undefined} aria-describedby={errors.odometer ? 'odometer-error' : undefined}>
            <option value="">Select odometer reading</option>
            {form.odometer && !odometers.data?.some((o) => o.value === form.odometer) && <option value={form.odometer}>{form.odometer}</option>}
            {(odometers.data ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="radio-group" aria-describedby={errors.transmissionType ? 'transmission-error' : undefined}>
          <legend className="field__label">Transmission</legend>
          {TRANSMISSIONS.map((t) => (
            <label key={t.value} className="field--check listing-check">
              <input type="radio" name="transmissionType" value={t.value} checked={form.transmissionType === t.value} onChange={() => set('transmissionType', t.value)} />
              {t.label}
            </label>
          ))}
          {errors.transmissionType && (
            <p id="transmission-error" className="field__error" role="alert">
              {errors.transmissionType}
            </p>
          )}
        </fieldset>
        <TermsBox id="vin-terms" checked={form.termsAccepted} onChange={(v) => set('termsAccepted', v)} error={errors.termsAccepted} />
      </StepFrame>
      {modals}
    </>
  );
}

/** The terms box of the VIN and review steps, with a link to the terms (a new tab). */
export function TermsBox({ id, checked, onChange, error }: { id: string; checked: boolean; onChange: (v: boolean) => void; error?: string | null }) {
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <label htmlFor={id}>
        I agree to the{' '}
        <a href="/terms/conditions" target="_blank" rel="noreferrer">
          terms of service
        </a>
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
