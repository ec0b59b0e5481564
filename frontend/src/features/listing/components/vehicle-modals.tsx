import { useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { useEnum } from '@/api/get-enum';
import { useModelsForMake } from '../api/get-models-for-make';
import { STYLE_OTHER, STYLE_OTHER_DEFAULT, YEAR_LIST_LENGTH } from '../lib/constants';
import { MSG } from '../lib/messages';
import { hasErrors, validateVehicle, yearOptions, type Errors, type VehicleForm } from '../lib/validation';

export type Vehicle = VehicleForm & { transmissionType: string };

const STYLE_LABELS: Record<string, string> = { suv: 'SUV' };

/** The style as shown: the car type's label when the list gives one, else "suv" reads "SUV", "sedan" "Sedan". */
export function styleLabel(style: string, types: { value: string; label: string }[] | undefined): string {
  const t = types?.find((x) => x.value.toLowerCase() === style.toLowerCase());
  if (t && t.label !== t.value) return t.label;
  return STYLE_LABELS[style.toLowerCase()] ?? style.charAt(0).toUpperCase() + style.slice(1);
}

/** The decoded vehicle with Edit and Confirm (spec 001 section 4, the VIN step's confirmation modal). */
export function ConfirmVehicleModal({ vin, vehicle, onEdit, onConfirm, onClose }: { vin: string; vehicle: Vehicle; onEdit: () => void; onConfirm: () => void; onClose: () => void }) {
  const types = useEnum('carTypes');
  return (
    <Modal title="Is this your car?" onClose={onClose}>
      <div data-testid="vin-confirm">
        <p className="muted">VIN {vin}</p>
        <dl className="listing-summary">
          <dt>Year</dt>
          <dd>{vehicle.carYear}</dd>
          <dt>Make</dt>
          <dd>{vehicle.make}</dd>
          <dt>Model</dt>
          <dd>{vehicle.model}</dd>
          <dt>Trim</dt>
          <dd>{vehicle.trim || '—'}</dd>
          <dt>Style</dt>
          <dd>{vehicle.style ? styleLabel(vehicle.style, types.data) : '—'}</dd>
        </dl>
        <div className="listing-actions">
          <button type="button" className="btn btn--outline" onClick={onEdit}>
            Edit
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            Confirm
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The vehicle edit modal (spec 001 section 5): year (50 years ending this year), make
 * (`carMakes`), model (`getModelsForMake`), trim and style, all required; style Other is saved
 * as sedan.
 */
export function EditVehicleModal({ vehicle, onSave, onClose }: { vehicle: Vehicle; onSave: (v: Vehicle) => void; onClose: () => void }) {
  const [form, setForm] = useState<VehicleForm>({ carYear: vehicle.carYear, make: vehicle.make, model: vehicle.model, trim: vehicle.trim, style: vehicle.style });
  const [errors, setErrors] = useState<Errors<keyof VehicleForm>>({});
  const makes = useEnum('carMakes');
  const types = useEnum('carTypes');
  const models = useModelsForMake(form.make);
  const years = yearOptions(new Date().getFullYear(), YEAR_LIST_LENGTH);

  const set = (k: keyof VehicleForm, v: string) => setForm((f) => ({ ...f, [k]: v, ...(k === 'make' ? { model: '' } : {}) }));
  const described = (k: keyof VehicleForm) => (errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `vehicle-${k}-error` } : {});
  const withCurrent = (values: string[], current: string) => (current && !values.some((v) => v.toLowerCase() === current.toLowerCase()) ? [current, ...values] : values);

  const makeOptions = withCurrent((makes.data ?? []).map((m) => m.value), form.make);
  const modelOptions = withCurrent(models.data ?? [], form.model);
  const typeOptions = types.data ?? [];
  const styleKnown = !form.style || form.style === STYLE_OTHER || typeOptions.some((t) => t.value.toLowerCase() === form.style.toLowerCase());

  const save = () => {
    const e = validateVehicle(form);
    setErrors(e);
    if (hasErrors(e)) return;
    const style = form.style === STYLE_OTHER ? STYLE_OTHER_DEFAULT : (typeOptions.find((t) => t.value.toLowerCase() === form.style.toLowerCase())?.value ?? form.style);
    onSave({ ...vehicle, ...form, trim: form.trim.trim(), style });
  };

  return (
    <Modal title="Edit vehicle details" onClose={onClose}>
      <form
        className="form"
        noValidate
        data-testid="vehicle-edit"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Field id="vehicle-carYear" label="Year" error={errors.carYear}>
          <select id="vehicle-carYear" className="input" value={form.carYear} onChange={(e) => set('carYear', e.target.value)} {...described('carYear')}>
            <option value="">Select a year</option>
            {!years.includes(Number(form.carYear)) && form.carYear && <option value={form.carYear}>{form.carYear}</option>}
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </Field>
        <Field id="vehicle-make" label="Make" error={errors.make}>
          <select id="vehicle-make" className="input" value={form.make} onChange={(e) => set('make', e.target.value)} {...described('make')}>
            <option value="">Select a make</option>
            {makeOptions.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <Field id="vehicle-model" label="Model" error={errors.model}>
          <select id="vehicle-model" className="input" value={form.model} onChange={(e) => set('model', e.target.value)} disabled={!form.make} {...described('model')}>
            <option value="">{models.isFetching ? 'Loading models…' : 'Select a model'}</option>
            {modelOptions.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <Field id="vehicle-trim" label="Trim" error={errors.trim}>
          <input id="vehicle-trim" className="input" value={form.trim} onChange={(e) => set('trim', e.target.value)} {...described('trim')} />
        </Field>
        <Field id="vehicle-style" label="Style" error={errors.style}>
          <select id="vehicle-style" className="input" value={form.style} onChange={(e) => set('style', e.target.value)} {...described('style')}>
            <option value="">Select a style</option>
            {!styleKnown && <option value={form.style}>{form.style}</option>}
            {typeOptions.map((t) => (
              <option key={t.value} value={t.value}>
                {styleLabel(t.value, typeOptions)}
              </option>
            ))}
            <option value={STYLE_OTHER}>Other</option>
          </select>
        </Field>
        <div className="listing-actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary">
            Save vehicle
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** 'Vehicle already registered' (spec 001 section 8). */
export function VinRegisteredModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Vehicle already registered" onClose={onClose} size="sm">
      <p role="alert" data-testid="vin-registered">
        {MSG.vinRegistered}
      </p>
      <div className="listing-actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
