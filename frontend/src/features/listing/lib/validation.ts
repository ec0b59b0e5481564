/**
 * Each step's checks before its save call (spec 001 section 5). Pure: a form's values in, the
 * messages to show out (an empty object when the form may be sent). The server checks the same
 * again and its refusal is shown as it answers.
 */
import { DAILY_PRICE_WARNING, MIN_DESCRIPTION_WORDS, VIN_LENGTH } from './constants';
import { MSG } from './messages';

export type Errors<K extends string> = Partial<Record<K, string>>;

export function hasErrors(errors: Errors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

// ---- location: the manual address form ----

export type AddressForm = { street: string; city: string; state: string; zip: string };

export function validateAddress(a: AddressForm): Errors<keyof AddressForm> {
  const e: Errors<keyof AddressForm> = {};
  if (!a.street.trim()) e.street = MSG.streetRequired;
  if (!a.city.trim()) e.city = MSG.cityRequired;
  if (!a.state.trim()) e.state = MSG.stateRequired;
  if (!a.zip.trim()) e.zip = MSG.zipRequired;
  return e;
}

// ---- VIN ----

/** The VIN as sent: trimmed and upper case (VINs have no lower-case letters). */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase();
}

/** "VIN trimmed and exactly 17 characters". */
export function validateVin(vin: string): string | null {
  return normalizeVin(vin).length === VIN_LENGTH ? null : MSG.invalidVin;
}

// ---- the vehicle edit modal ----

export type VehicleForm = { carYear: string; make: string; model: string; trim: string; style: string };

/** "all five fields required". */
export function validateVehicle(v: VehicleForm): Errors<keyof VehicleForm> {
  const e: Errors<keyof VehicleForm> = {};
  if (!String(v.carYear).trim()) e.carYear = MSG.yearRequired;
  if (!v.make.trim()) e.make = MSG.makeRequired;
  if (!v.model.trim()) e.model = MSG.modelRequired;
  if (!v.trim.trim()) e.trim = MSG.trimRequired;
  if (!v.style.trim()) e.style = MSG.styleRequired;
  return e;
}

/** The 50 model years of the edit modal, newest first, ending at `currentYear`. */
export function yearOptions(currentYear: number, length = 50): number[] {
  return Array.from({ length }, (_, i) => currentYear - i);
}

// ---- the odometer form ----

export type OdometerForm = { odometer: string; transmissionType: string; termsAccepted: boolean };

export function validateOdometerForm(f: OdometerForm): Errors<keyof OdometerForm> {
  const e: Errors<keyof OdometerForm> = {};
  if (!f.odometer.trim()) e.odometer = MSG.odometerRequired;
  if (!f.transmissionType.trim()) e.transmissionType = MSG.transmissionRequired;
  if (!f.termsAccepted) e.termsAccepted = MSG.vinTerms;
  return e;
}

// ---- features ----

export type FeaturesForm = { licensePlate: string; specialFeature: string };

export function validateFeatures(f: FeaturesForm): Errors<keyof FeaturesForm> {
  const e: Errors<keyof FeaturesForm> = {};
  if (!f.licensePlate.trim()) e.licensePlate = MSG.plateRequired;
  if (!f.specialFeature.trim()) e.specialFeature = MSG.specialFeatureRequired;
  return e;
}

/** "The plate is forced to uppercase." */
export function plateInput(value: string): string {
  return value.toUpperCase();
}

// ---- description ----

/** Words separated by any white space (the server counts the same way). */
export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

export function validateDescription(text: string): string | null {
  return countWords(text) >= MIN_DESCRIPTION_WORDS ? null : MSG.descriptionTooShort;
}

// ---- daily price ----

/** "digits only": what the price field keeps of a typed value. */
export function priceInput(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * `error` blocks the save; `warning` (under $50) asks first whether the car should be offered
 * for long-term rentals only, and Continue still saves.
 */
export function validateDailyPrice(text: string): { error: string | null; warning: boolean } {
  const digits = text.trim();
  if (!digits) return { error: MSG.priceRequired, warning: false };
  if (!/^\d+$/.test(digits) || Number(digits) <= 0) return { error: MSG.priceInvalid, warning: false };
  return { error: null, warning: Number(digits) < DAILY_PRICE_WARNING };
}

// ---- finalize ----

export function validateFinalize(termsAccepted: boolean): string | null {
  return termsAccepted ? null : MSG.finalizeTerms;
}
