import { useState } from 'react';
import { Field } from '@/components/field';
import { CarsMap } from '@/components/map/lazy-map';
import { Modal } from '@/components/modal';
import { PlaceAutocomplete, type SelectedPlace } from '@/components/place-autocomplete';
import { geocodeAddress } from '@/api/geocode';
import { formatAddress, missingParts, parseFormattedAddress, withTypedStreet } from '../lib/address';
import { COUNTRY, MAP_ZOOM, US_CENTRE } from '../lib/constants';
import { MSG } from '../lib/messages';
import { hasErrors, validateAddress, type AddressForm, type Errors } from '../lib/validation';
import { StateSelect } from './state-select';
import { NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

type Point = { lat: number; lng: number };
type Sub = 1 | 2 | 3 | 4;

const EMPTY: AddressForm = { street: '', city: '', state: '', zip: '' };

/**
 * The location step's four sub-steps (spec 001 section 4): 1 the address autocomplete (US
 * places); 2 the manual form when the chosen place lacks a street number, route, city, state
 * or zip; 3 the pin on the map; 4 the full address to confirm, then saved.
 */
export default function LocationStep() {
  const { draft } = useWizard();
  const savedPoint = draft?.location?.coordinates?.length === 2 ? { lat: draft.location.coordinates[1], lng: draft.location.coordinates[0] } : null;
  const saved = draft?.address && savedPoint ? draft.address : null;
  const [sub, setSub] = useState<Sub>(saved ? 4 : 1);
  const [manual, setManual] = useState(false);
  const [text, setText] = useState('');
  const [address, setAddress] = useState<AddressForm>(saved ? { street: saved.street, city: saved.city, state: saved.state, zip: saved.zip } : EMPTY);
  const [placePoint, setPlacePoint] = useState<Point | null>(null);
  const [point, setPoint] = useState<Point | null>(saved ? savedPoint : null);
  const [errors, setErrors] = useState<Errors<keyof AddressForm>>({});
  const [note, setNote] = useState<string | null>(null);
  const [geoError, setGeoError] = useState<string | null>(null);
  const [geocoding, setGeocoding] = useState(false);
  // A refused save is shown in the 'Apologies' dialog, not under the form.
  const { save, pending, error: refusal, setError: setRefusal } = useStepSave({ failed: MSG.addressSaveFailed, error: MSG.addressSaveFailed });

  // `typed`: what the host had written, whose street a place without one keeps.
  const choose = (place: SelectedPlace, typed: string) => {
    const parts = withTypedStreet(parseFormattedAddress(place.formatted_address), typed);
    const at = { lat: place.lat, lng: place.lng };
    setAddress({ street: parts.street, city: parts.city, state: parts.state, zip: parts.zip });
    setPlacePoint(at);
    setErrors({});
    setGeoError(null);
    const missing = missingParts(parts);
    if (missing.length) {
      setNote(`This place has no ${missing.join(', ')}: please complete the address.`);
      setManual(true);
      setSub(2);
    } else {
      setNote(null);
      setManual(false);
      setPoint(at);
      setSub(3);
    }
  };

  /** The manual form's address on the map: the address, else its city, else the chosen place. */
  const locate = async () => {
    const e = validateAddress(address);
    setErrors(e);
    setGeoError(null);
    if (hasErrors(e)) return;
    setGeocoding(true);
    try {
      const found = (await geocodeAddress(formatAddress(address))) ?? (await geocodeAddress(`${address.city}, ${address.state}`)) ?? placePoint;
      if (!found) {
        setGeoError(MSG.geocodeFailed);
        return;
      }
      setPoint(found);
      setSub(3);
    } catch {
      setGeoError(MSG.geocodeFailed);
    } finally {
      setGeocoding(false);
    }
  };

  const submit = async () => {
    if (!point) return;
    await save({
      sectionName: 'location',
      address: { street: address.street.trim(), city: address.city.trim(), state: address.state.trim(), zip: address.zip.trim(), country: COUNTRY },
      location: { type: 'Point', coordinates: [point.lng, point.lat] },
    });
  };

  const field = (k: keyof AddressForm) => ({
    id: `address-${k}`,
    className: 'input',
    value: address[k],
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `address-${k}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setAddress((a) => ({ ...a, [k]: e.target.value })),
  });

  if (sub === 1)
    return (
      <StepFrame
        title="Where is your car?"
        intro="Search for the address where guests pick up the car. Listings are for the US only."
        testId="location-search"
        actions={
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              setManual(true);
              setNote(null);
              setPlacePoint(null);
              setSub(2);
            }}
          >
            Enter the address manually
          </button>
        }
      >
        <PlaceAutocomplete label="Car's address" value={text} onTextChange={setText} onSelect={(p) => choose(p, text)} placeholder="Street address, city or place" debounceMs={400} />
      </StepFrame>
    );

  if (sub === 2)
    return (
      <StepFrame
        title="Enter the address"
        intro={note ?? 'Type the full street address of the car.'}
        testId="location-manual"
        error={geoError}
        onSubmit={() => void locate()}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={() => setSub(1)}>
              Back
            </button>
            <NextButton pending={geocoding} label="Continue" />
          </>
        }
      >
        <Field id="address-street" label="Street address" error={errors.street}>
          <input {...field('street')} autoComplete="street-address" />
        </Field>
        <div className="form__row">
          <Field id="address-city" label="City" error={errors.city}>
            <input {...field('city')} autoComplete="address-level2" />
          </Field>
          <Field id="address-state" label="State" error={errors.state}>
            <StateSelect id="address-state" value={address.state} invalid={Boolean(errors.state)} describedBy={errors.state ? 'address-state-error' : undefined} onChange={(v) => setAddress((a) => ({ ...a, state: v }))} />
          </Field>
        </div>
        <div className="form__row">
          <Field id="address-zip" label="Zip code" error={errors.zip}>
            <input {...field('zip')} inputMode="numeric" autoComplete="postal-code" />
          </Field>
          <Field id="address-country" label="Country">
            <input id="address-country" className="input" value="United States" readOnly aria-readonly="true" />
          </Field>
        </div>
      </StepFrame>
    );

  if (sub === 3) {
    const at = point ?? US_CENTRE;
    return (
      <StepFrame
        title="Is the pin in the right place?"
        intro="Drag the pin, click the map, or focus the pin and use the arrow keys, to mark exactly where the car is parked."
        testId="location-map"
        onSubmit={() => {
          if (!point) setPoint(at);
          setSub(4);
        }}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={() => setSub(manual ? 2 : 1)}>
              Back
            </button>
            <NextButton pending={false} label="Confirm location" />
          </>
        }
      >
        <div className="listing-map">
          <CarsMap center={at} zoom={MAP_ZOOM} markers={[]} pin={at} onPinChange={setPoint} pinLabel="Your car's location" ariaLabel="Map of your car's location" address={formatAddress(address)} />
        </div>
        <p className="muted" data-testid="pin-coordinates">
          {formatAddress(address)} · {at.lat.toFixed(5)}, {at.lng.toFixed(5)}
        </p>
      </StepFrame>
    );
  }

  return (
    <>
      <StepFrame
        title="Confirm the address"
        testId="location-review"
        onSubmit={() => void submit()}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={() => setSub(3)} disabled={pending}>
              Back
            </button>
            <NextButton pending={pending} label="Save and continue" />
          </>
        }
      >
        <dl className="listing-summary">
          <dt>Address</dt>
          <dd data-testid="review-address">{formatAddress(address)}</dd>
          <dt>Country</dt>
          <dd>United States</dd>
          {point && (
            <>
              <dt>Map position</dt>
              <dd>
                {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
              </dd>
            </>
          )}
        </dl>
        <button
          type="button"
          className="link-btn"
          onClick={() => {
            setText('');
            setSub(1);
          }}
        >
          Change the address
        </button>
      </StepFrame>
      <SaveRefusal message={refusal} onClose={() => setRefusal(null)} />
    </>
  );
}

/** 'Apologies': the location could not be saved (the server's message or 'Error submitting the address'). */
function SaveRefusal({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Modal title="Apologies" onClose={onClose} size="sm">
      <p role="alert" data-testid="location-refusal">
        {message}
      </p>
      <div className="listing-actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
