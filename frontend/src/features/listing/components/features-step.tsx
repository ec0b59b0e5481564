import { useMemo, useState } from 'react';
import { Field } from '@/components/field';
import { useCarFeatures, type VehicleFacts } from '../api/get-car-features';
import { useEnum } from '@/api/get-enum';
import { DEFAULT_DOORS, DEFAULT_GAS_TYPE, DEFAULT_PLATE_STATE, DEFAULT_SEATS, DOOR_OPTIONS, GAS_TYPES, SEAT_OPTIONS } from '../lib/constants';
import { MSG } from '../lib/messages';
import { hasErrors, plateInput, validateFeatures, type Errors, type FeaturesForm } from '../lib/validation';
import { StateSelect } from './state-select';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

/**
 * Features (spec 001 sections 3, 5 and 9): the list offered for the decoded vehicle
 * (`getcarfeatures`, those it likely has ticked), else the product's list (`carFeatures`); the
 * special feature and the plate are required, the plate upper case; plate state (CA), seats and
 * doors (4), gas type (gas).
 */
export function FeaturesStep() {
  const { draft, back } = useWizard();
  const vehicle: VehicleFacts | null = draft?.make
    ? { make: draft.make, model: draft.model ?? '', trim: draft.trim ?? '', style: draft.style ?? '', carYear: String(draft.carYear ?? ''), transmissionType: draft.transmissionType ?? '' }
    : null;
  const suggested = useCarFeatures(vehicle);
  const all = useEnum('carFeatures');
  const special = useEnum('carSpecialFeatures');
  const savedFeatures = draft?.features?.length ? draft.features : null;
  const [picked, setPicked] = useState<string[] | null>(savedFeatures);
  const [form, setForm] = useState<FeaturesForm>({ licensePlate: draft?.licensePlate ?? '', specialFeature: draft?.specialFeature ?? '' });
  const [plateState, setPlateState] = useState(draft?.state ?? DEFAULT_PLATE_STATE);
  const [seats, setSeats] = useState(draft?.seats ?? DEFAULT_SEATS);
  const [doors, setDoors] = useState(draft?.doors ?? DEFAULT_DOORS);
  const [gasType, setGasType] = useState(draft?.gasType ?? DEFAULT_GAS_TYPE);
  const [errors, setErrors] = useState<Errors<keyof FeaturesForm>>({});
  const { save, pending, error } = useStepSave({ failed: MSG.featuresFailed, error: MSG.featuresError });

  // The vehicle's own list when it answered, else the product's (not while the vehicle's is on
  // its way: its likely features come ticked).
  const waiting = Boolean(vehicle) && suggested.isPending;
  const names = useMemo(() => (waiting ? [] : suggested.data?.length ? suggested.data.map((f) => f.name) : (all.data ?? []).map((f) => f.value)), [waiting, suggested.data, all.data]);
  const selected = picked ?? suggested.data?.filter((f) => f.available).map((f) => f.name) ?? [];
  const toggle = (name: string, on: boolean) => setPicked(on ? [...selected.filter((n) => n !== name), name] : selected.filter((n) => n !== name));
  const listLoading = waiting || (!suggested.data?.length && all.isPending);

  const submit = async () => {
    const e = validateFeatures(form);
    setErrors(e);
    if (hasErrors(e)) return;
    await save({
      sectionName: 'features',
      licensePlate: form.licensePlate.trim(),
      state: plateState,
      features: names.filter((n) => selected.includes(n)),
      seats,
      doors,
      gasType,
      specialFeature: form.specialFeature,
    });
  };

  const invalid = (k: keyof FeaturesForm) => (errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `${k === 'licensePlate' ? 'license-plate' : 'special-feature'}-error` } : {});
  return (
    <StepFrame
      title="Features and details"
      testId="features"
      error={error}
      onSubmit={() => void submit()}
      actions={
        <>
          <BackButton onClick={back} disabled={pending} />
          <NextButton pending={pending} label="Save and continue" />
        </>
      }
    >
      <fieldset className="listing-features" aria-busy={listLoading || undefined}>
        <legend className="field__label">Features</legend>
        {listLoading && <p className="muted">Loading features…</p>}
        {all.isError && !suggested.data?.length && <p className="form__error">The list of features could not be loaded.</p>}
        <div className="listing-features__grid">
          {names.map((n) => (
            <label key={n} className="field--check listing-check">
              <input type="checkbox" checked={selected.includes(n)} onChange={(e) => toggle(n, e.target.checked)} />
              {n}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="special-feature" label="Special feature" error={errors.specialFeature}>
        <select id="special-feature" className="input" value={form.specialFeature} onChange={(e) => setForm((f) => ({ ...f, specialFeature: e.target.value }))} {...invalid('specialFeature')}>
          <option value="">Select a special feature</option>
          {form.specialFeature && !special.data?.some((s) => s.value === form.specialFeature) && <option value={form.specialFeature}>{form.specialFeature}</option>}
          {(special.data ?? []).map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="form__row">
        <Field id="license-plate" label="License plate number" error={errors.licensePlate}>
          <input id="license-plate" className="input listing-plate" value={form.licensePlate} autoComplete="off" onChange={(e) => setForm((f) => ({ ...f, licensePlate: plateInput(e.target.value) }))} {...invalid('licensePlate')} />
        </Field>
        <Field id="plate-state" label="License plate state">
          <StateSelect id="plate-state" value={plateState} onChange={setPlateState} />
        </Field>
      </div>
      <div className="form__row">
        <Field id="seats" label="Seats">
          <select id="seats" className="input" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
            {SEAT_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <Field id="doors" label="Doors">
          <select id="doors" className="input" value={doors} onChange={(e) => setDoors(Number(e.target.value))}>
            {DOOR_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="radio-group">
        <legend className="field__label">Gas type</legend>
        {GAS_TYPES.map((g) => (
          <label key={g.value} className="field--check listing-check">
            <input type="radio" name="gasType" value={g.value} checked={gasType === g.value} onChange={() => setGasType(g.value)} />
            {g.label}
          </label>
        ))}
      </fieldset>
    </StepFrame>
  );
}
