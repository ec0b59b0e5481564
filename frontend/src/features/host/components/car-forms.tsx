import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LISTING } from '@/api/policy';
import { presignUploads, putFile } from '@/api/upload-photos';
import { Modal } from '@/components/modal';
import { PhotoListView, savedPhotos, usePhotoList, type PhotoUploads } from '@/components/photo-manager/photo-manager';
import { useToast } from '@/components/toast';
import { extraName } from '@/lib/format';
import type { CarListing } from '@/api/get-car-listing';
import { useEnum } from '@/api/get-enum';
import { useDeleteCar, useUpdateCar, useUpdateCarStatus, type CarUpdateCall } from '../api/update-car';
import { readOnlyNote, type CarAccess } from '../lib/car-access';
import { saveError } from '../lib/save-error';
import { ReadOnlyNote } from './pricing-form';

export const ADVANCE_NOTICE: readonly number[] = LISTING.advanceNoticeHours;
export const MIN_TRIP: readonly number[] = LISTING.minTripDays;
export const MAX_TRIP: readonly number[] = LISTING.maxTripDays;
const RANGE_2_8 = [2, 3, 4, 5, 6, 7, 8];
const GAS_TYPES = [
  { value: 'gas', label: 'Gas' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'ev', label: 'Electric (EV)' },
];
export const MAX_INSTRUCTIONS = 2000;
export const MIN_DESCRIPTION_WORDS = LISTING.minDescriptionWords;

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;
const advanceLabel = (h: number) => (h === 24 ? '1 day' : `${h} hour${h === 1 ? '' : 's'}${h === 3 ? ' (recommended)' : ''}`);
const minLabel = (d: number) => `${d} day${d === 1 ? '' : 's'}${d === 1 ? ' (recommended)' : ''}`;
const maxLabel = (d: number) => (d === 1000 ? 'Any' : d === 7 ? '1 week' : d === 15 ? '2 weeks' : `${d} days`);

/** One save of one call: the server's message on refusal, else the spec's text; a toast on success. */
function useSave(car: CarListing, call: CarUpdateCall, fallback: string, done: string) {
  const toast = useToast();
  const m = useUpdateCar(car._id, call);
  const [error, setError] = useState<string | null>(null);
  const save = (body: Parameters<typeof m.mutate>[0]) => {
    setError(null);
    m.mutate(body, { onSuccess: (a) => toast.show(a.message || done, 'success'), onError: (e) => setError(saveError(e, fallback)) });
  };
  return { save, error, setError, pending: m.isPending };
}

function FormError({ text }: { text: string | null }) {
  return text ? (
    <p className="form__error" role="alert">
      {text}
    </p>
  ) : null;
}

function SaveButton({ pending, label = 'Save' }: { pending: boolean; label?: string }) {
  return (
    <button type="submit" className="btn btn--primary" disabled={pending}>
      {pending ? 'Saving…' : label}
    </button>
  );
}

/** Description (60 words), features, plate (upper case), state, seats, doors, gas type, special feature. */
export function DetailsForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const id = useId();
  const note = readOnlyNote(access, 'listing');
  const ro = note !== null;
  const features = useEnum('carFeatures');
  const states = useEnum('statesList');
  const specials = useEnum('carSpecialFeatures');
  const [f, setF] = useState({
    carDetails: car.carDetails ?? '',
    features: car.features,
    licensePlate: car.licensePlate ?? '',
    state: car.state ?? 'CA',
    seats: car.seats ?? 4,
    doors: car.doors ?? 4,
    gasType: car.gasType ?? 'gas',
    specialFeature: car.specialFeature ?? '',
  });
  const s = useSave(car, 'updateCarDetails', 'Failed to update car details', 'Car details saved');
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (words(f.carDetails) < MIN_DESCRIPTION_WORDS) return s.setError('Description must be at least 60 words.');
    if (!f.licensePlate.trim()) return s.setError('License plate number is required.');
    if (!f.specialFeature) return s.setError('Special feature is required.');
    s.save({ ...f, licensePlate: f.licensePlate.trim().toUpperCase() });
  };
  const featureNames = Array.from(new Set([...(features.data ?? []).map((o) => o.value), ...f.features]));
  return (
    <form className="form panel" onSubmit={onSubmit} noValidate>
      <h2>Details</h2>
      <ReadOnlyNote text={note} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-desc`}>
          Description
        </label>
        <textarea id={`${id}-desc`} className="input" rows={6} value={f.carDetails} readOnly={ro} onChange={(e) => set('carDetails', e.target.value)} />
        <p className="field__hint">{words(f.carDetails)} words (at least 60)</p>
      </div>
      <fieldset className="host-fieldset">
        <legend>Features</legend>
        <div className="host-checks">
          {featureNames.map((name) => (
            <label key={name} className="field--check">
              <input
                type="checkbox"
                checked={f.features.includes(name)}
                disabled={ro}
                onChange={(e) => set('features', e.target.checked ? [...f.features, name] : f.features.filter((x) => x !== name))}
              />{' '}
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-plate`}>
            License plate
          </label>
          <input id={`${id}-plate`} className="input" value={f.licensePlate} readOnly={ro} onChange={(e) => set('licensePlate', e.target.value.toUpperCase())} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-state`}>
            Plate state
          </label>
          <select id={`${id}-state`} className="input" value={f.state} disabled={ro} onChange={(e) => set('state', e.target.value)}>
            {(states.data?.length ? states.data : [{ value: f.state, label: f.state }]).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-seats`}>
            Seats
          </label>
          <select id={`${id}-seats`} className="input" value={f.seats} disabled={ro} onChange={(e) => set('seats', Number(e.target.value))}>
            {RANGE_2_8.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-doors`}>
            Doors
          </label>
          <select id={`${id}-doors`} className="input" value={f.doors} disabled={ro} onChange={(e) => set('doors', Number(e.target.value))}>
            {RANGE_2_8.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-gas`}>
            Gas type
          </label>
          <select id={`${id}-gas`} className="input" value={f.gasType} disabled={ro} onChange={(e) => set('gasType', e.target.value)}>
            {GAS_TYPES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-special`}>
          Special feature
        </label>
        <select id={`${id}-special`} className="input" value={f.specialFeature} disabled={ro} onChange={(e) => set('specialFeature', e.target.value)}>
          <option value="">Choose one</option>
          {Array.from(new Set([...(specials.data ?? []).map((o) => o.value), ...(f.specialFeature ? [f.specialFeature] : [])])).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <FormError text={s.error} />
      <SaveButton pending={s.pending} />
    </form>
  );
}

const CAR_UPLOADS: PhotoUploads = { presign: presignUploads, put: putFile, failed: (reason) => `Error uploading images: ${reason}` };

/**
 * The car's photos after listing: the wizard's photo list (add, with HEIC converted and the
 * size and resolution checks; reorder; remove; the first is the main photo) saved with
 * `updateCarDetails {photoUrls, primaryPhotoUrl}`, whose server judges each photo by its bytes
 * as the wizard's step does. Read only for a co-host without full access.
 */
export function PhotosForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const note = readOnlyNote(access, 'listing');
  const ro = note !== null;
  const list = usePhotoList(savedPhotos(car.photoUrls, car.primaryPhotoUrl), CAR_UPLOADS);
  const s = useSave(car, 'updateCarDetails', 'Failed to update car listing.', 'Photos saved');
  const saved = [...car.photoUrls].sort((a, b) => Number(b === car.primaryPhotoUrl) - Number(a === car.primaryPhotoUrl));
  const changed = list.urls.length !== saved.length || list.urls.some((u, i) => u !== saved[i]) || list.photos.length !== list.urls.length;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!list.urls.length) return list.setErrors(['Please upload photos before submitting.']);
    s.save({ photoUrls: list.urls, primaryPhotoUrl: list.urls[0] });
  };
  return (
    <form className="form panel" onSubmit={onSubmit} noValidate aria-labelledby="car-photos-title">
      <h2 id="car-photos-title">Photos</h2>
      <ReadOnlyNote text={note} />
      {!ro && <p className="field__hint">JPEG, PNG or HEIC, up to 20 MB each, at least 360 × 360 pixels. Use the arrows to put them in order: the first photo is the main one guests see.</p>}
      <PhotoListView list={list} disabled={ro} label="The car's photos" />
      <FormError text={s.error} />
      {!ro && (
        <div className="host-actions">
          <button type="submit" className="btn btn--primary" disabled={s.pending || list.uploading || !changed}>
            {s.pending ? 'Saving…' : list.uploading ? 'Uploading…' : 'Save photos'}
          </button>
          <button type="button" className="btn btn--ghost" disabled={s.pending || !changed} onClick={() => list.reset(savedPhotos(car.photoUrls, car.primaryPhotoUrl))}>
            Undo changes
          </button>
        </div>
      )}
    </form>
  );
}

type ExtraRow = { extraType: string; description: string; price: string; per: string; isQuantityChoosable: boolean; availableQuantity: number };

/** The extras, edited as a whole list (at most 20) and sent together. */
export function ExtrasForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const id = useId();
  const note = readOnlyNote(access, 'listing');
  const ro = note !== null;
  const [rows, setRows] = useState<ExtraRow[]>(
    car.extras.map((x) => ({ extraType: x.extraType, description: x.description, price: String(x.price), per: x.per, isQuantityChoosable: x.isQuantityChoosable, availableQuantity: x.availableQuantity || 1 })),
  );
  const s = useSave(car, 'updateCarExtra', 'Failed to update car data', 'Extras saved');
  const patch = (i: number, p: Partial<ExtraRow>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (rows.some((r) => !r.extraType.trim())) return s.setError('Each extra needs a name.');
    if (rows.some((r) => !(Number(r.price) > 0))) return s.setError('Each extra needs a price above $0.');
    s.save({ extras: rows.map((r) => ({ ...r, extraType: r.extraType.trim(), availableQuantity: r.isQuantityChoosable ? r.availableQuantity : null })) });
  };
  return (
    <form className="form panel" onSubmit={onSubmit} noValidate>
      <h2>Extras</h2>
      <ReadOnlyNote text={note} />
      {rows.length === 0 && <p className="muted">No extras yet.</p>}
      <ul className="host-extras" aria-label="Extras">
        {rows.map((r, i) => (
          <li key={i} className="host-extra">
            <div className="form__row">
              <div className="field">
                <label className="field__label" htmlFor={`${id}-n${i}`}>
                  Name
                </label>
                <input id={`${id}-n${i}`} className="input" value={r.extraType} readOnly={ro} maxLength={80} onChange={(e) => patch(i, { extraType: e.target.value })} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-p${i}`}>
                  Price (USD)
                </label>
                <input id={`${id}-p${i}`} className="input" inputMode="decimal" value={r.price} readOnly={ro} onChange={(e) => patch(i, { price: e.target.value.replace(/[^\d.]/g, '') })} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-per${i}`}>
                  Charged
                </label>
                <select id={`${id}-per${i}`} className="input" value={r.per} disabled={ro} onChange={(e) => patch(i, { per: e.target.value })}>
                  <option value="day">Per day</option>
                  <option value="trip">Per trip</option>
                </select>
              </div>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-d${i}`}>
                Description
              </label>
              <input id={`${id}-d${i}`} className="input" value={r.description} readOnly={ro} onChange={(e) => patch(i, { description: e.target.value })} />
            </div>
            <div className="form__row">
              <label className="field--check">
                <input type="checkbox" checked={r.isQuantityChoosable} disabled={ro} onChange={(e) => patch(i, { isQuantityChoosable: e.target.checked })} /> Guest chooses a quantity
              </label>
              {r.isQuantityChoosable && (
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-q${i}`}>
                    Quantity available
                  </label>
                  <select id={`${id}-q${i}`} className="input" value={r.availableQuantity} disabled={ro} onChange={(e) => patch(i, { availableQuantity: Number(e.target.value) })}>
                    {Array.from({ length: 10 }, (_, k) => k + 1).map((n) => (
                      <option key={n}>{n}</option>
                    ))}
                  </select>
                </div>
              )}
              {!ro && (
                <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${r.extraType.trim() ? extraName(r.extraType, r.description).name : 'this extra'}`} onClick={() => setRows((x) => x.filter((_, j) => j !== i))}>
                  Remove
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {!ro && rows.length < 20 && (
        <button type="button" className="btn btn--outline" onClick={() => setRows((x) => [...x, { extraType: '', description: '', price: '', per: 'day', isQuantityChoosable: false, availableQuantity: 1 }])}>
          Add an extra
        </button>
      )}
      <FormError text={s.error} />
      <SaveButton pending={s.pending} label="Save extras" />
    </form>
  );
}

/** Advance notice, minimum and maximum trip, the two-day weekend minimum and instant booking. */
export function PreferencesForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const id = useId();
  const note = readOnlyNote(access, 'pricing');
  const ro = note !== null;
  const [f, setF] = useState({
    advanceNotice: car.advanceNotice ?? 3,
    minTripDuration: car.minTripDuration ?? 1,
    maxTripDuration: car.maxTripDuration ?? 1000,
    twoDayTripForWeekend: car.twoDayTripForWeekend,
    instantBooking: car.instantBooking,
  });
  const s = useSave(car, 'updateTripPreferences', 'Failed to update trip preferences', 'Trip preferences saved');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    s.save({ ...f, twoDayTripForWeekend: f.minTripDuration === 1 && f.twoDayTripForWeekend });
  };
  const select = (key: 'advanceNotice' | 'minTripDuration' | 'maxTripDuration', label: string, options: readonly number[], text: (n: number) => string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <select id={`${id}-${key}`} className="input" value={f[key]} disabled={ro} onChange={(e) => setF((x) => ({ ...x, [key]: Number(e.target.value) }))}>
        {options.map((n) => (
          <option key={n} value={n}>
            {text(n)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="form panel" onSubmit={onSubmit} noValidate>
      <h2>Trip preferences</h2>
      <ReadOnlyNote text={note} />
      {select('advanceNotice', 'Advance notice', ADVANCE_NOTICE, advanceLabel)}
      {select('minTripDuration', 'Minimum trip duration', MIN_TRIP, minLabel)}
      {f.minTripDuration === 1 && (
        <label className="field--check">
          <input type="checkbox" checked={f.twoDayTripForWeekend} disabled={ro} onChange={(e) => setF((x) => ({ ...x, twoDayTripForWeekend: e.target.checked }))} /> Two-day minimum for trips starting Friday, Saturday or Sunday
        </label>
      )}
      {select('maxTripDuration', 'Maximum trip duration', MAX_TRIP, maxLabel)}
      <label className="field--check">
        <input type="checkbox" checked={f.instantBooking} disabled={ro} onChange={(e) => setF((x) => ({ ...x, instantBooking: e.target.checked }))} /> Instant booking (guests book without waiting for your answer)
      </label>
      <FormError text={s.error} />
      <SaveButton pending={s.pending} />
    </form>
  );
}

/** What the guest reads before the trip, at most 2,000 characters. */
export function InstructionsForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const id = useId();
  const note = readOnlyNote(access, 'listing');
  const [text, setText] = useState(car.guestInstructions);
  const s = useSave(car, 'updateGuestInstructions', 'Failed to update guest instructions', 'Guest instructions saved');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.length > MAX_INSTRUCTIONS) return s.setError('Guest instructions are at most 2,000 characters.');
    s.save({ guestInstructions: text });
  };
  return (
    <form className="form panel" onSubmit={onSubmit} noValidate>
      <h2>Guest instructions</h2>
      <ReadOnlyNote text={note} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          Instructions for your guests
        </label>
        <textarea id={`${id}-text`} className="input" rows={8} maxLength={MAX_INSTRUCTIONS} value={text} readOnly={note !== null} onChange={(e) => setText(e.target.value)} />
        <p className="field__hint">
          {text.length} / {MAX_INSTRUCTIONS}
        </p>
      </div>
      <FormError text={s.error} />
      <SaveButton pending={s.pending} />
    </form>
  );
}

const STATUSES = [
  { value: 'listed', label: 'Listed', hint: 'Guests can find and book the car.' },
  { value: 'snoozed', label: 'Snoozed', hint: 'Hidden from search for now; trips already booked stay.' },
  { value: 'unlisted', label: 'Unlisted', hint: 'Off the platform until you list it again; trips already booked stay.' },
];

/** Listed, snoozed or unlisted; a listing under review or rejected goes through the wizard. */
export function StatusForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const toast = useToast();
  const note = readOnlyNote(access, 'pricing');
  const current = car.status === 'active' ? 'listed' : car.status;
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const m = useUpdateCarStatus(car._id);
  const onPlatform = ['listed', 'snoozed', 'unlisted'].includes(current);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    m.mutate(value, { onSuccess: (a) => toast.show(a.message || 'Status saved', 'success'), onError: (err) => setError(saveError(err, 'Failed to update car data')) });
  };
  return (
    <form className="form panel" onSubmit={onSubmit} noValidate>
      <h2>Status</h2>
      <ReadOnlyNote text={note} />
      {!onPlatform && <p className="host-note">This listing is {car.status === 'pending' ? 'under review' : car.status}: its status changes once it is on the platform.</p>}
      <fieldset className="host-fieldset radio-group">
        <legend>Car status</legend>
        {STATUSES.map((o) => (
          <label key={o.value} className="field--check">
            <input type="radio" name="carStatus" value={o.value} checked={value === o.value} disabled={note !== null || !onPlatform} onChange={() => setValue(o.value)} /> <strong>{o.label}</strong>{' '}
            <span className="muted">{o.hint}</span>
          </label>
        ))}
      </fieldset>
      <FormError text={error} />
      <SaveButton pending={m.isPending} />
    </form>
  );
}

/** Deleting the car, for its host only, after a confirmation; a car with trips to come is refused (409 `car_has_trips`). */
export function DeleteCar({ car, name }: { car: CarListing; name: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const m = useDeleteCar(car._id);
  const confirm = () => {
    setError(null);
    m.mutate(undefined, {
      onSuccess: (a) => {
        toast.show(a.message || 'Car deleted', 'success');
        navigate('/host/listings', { replace: true });
      },
      onError: (e) => setError(saveError(e, 'Failed to update car data')),
    });
  };
  return (
    <section className="panel">
      <h2>Delete this car</h2>
      <p>The car leaves the platform and its VIN is free again. A car with trips that have not ended cannot be deleted.</p>
      <button type="button" className="btn btn--outline host-danger" onClick={() => setOpen(true)}>
        Delete car
      </button>
      {open && (
        <Modal title={`Delete ${name}?`} onClose={() => setOpen(false)} closeDisabled={m.isPending} size="sm">
          <p>This cannot be undone.</p>
          <FormError text={error} />
          <div className="host-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)} disabled={m.isPending}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary host-danger" onClick={confirm} disabled={m.isPending}>
              {m.isPending ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
