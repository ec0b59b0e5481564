/**
 * The location step's address rules (spec 001 sections 4 and 5). The places service answers a
 * formatted address (`"39100 Argonaut Way, Fremont, CA 94538"`, `"Fremont, CA"`, a hotel's
 * `"Name, City, ST"`), so its parts are read from that text; a place that lacks a street
 * number, a route, a city, a state or a zip goes through the manual form.
 */
import type { AddressForm } from './validation';

export type AddressParts = AddressForm & { streetNumber: string; route: string };

const COUNTRY_SUFFIX = /^(usa|us|united states( of america)?)$/i;
/** "CA 94538", "CA", "California 94538-1234", "94538". */
const STATE_ZIP = /^([A-Za-z][A-Za-z .]*?)?\s*(\d{5}(?:-\d{4})?)?$/;
const STREET = /^(\d+[A-Za-z]?(?:-\d+)?)\s+(.+)$/;

/** The parts of a formatted US address; what cannot be read is empty. */
export function parseFormattedAddress(formatted: string): AddressParts {
  const parts = formatted
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length && COUNTRY_SUFFIX.test(parts[parts.length - 1])) parts.pop();
  let state = '';
  let zip = '';
  const last = parts[parts.length - 1] ?? '';
  const m = STATE_ZIP.exec(last);
  if (parts.length >= 2 && m && (m[1] || m[2])) {
    state = (m[1] ?? '').trim();
    zip = m[2] ?? '';
    parts.pop();
  }
  const city = parts.length >= 1 ? parts[parts.length - 1] : '';
  const streetLine = parts.length >= 2 ? parts[0] : '';
  const sm = STREET.exec(streetLine);
  return {
    street: sm ? streetLine : '',
    streetNumber: sm?.[1] ?? '',
    route: sm?.[2] ?? '',
    city: parts.length >= 1 ? city : '',
    state: state.length === 2 ? state.toUpperCase() : state,
    zip,
  };
}

/**
 * The street the host typed before choosing a place ("39180 Fremont Blvd" of "39180 Fremont
 * Blvd, Fremont"), kept when the chosen place is a city or another place without a street, so
 * picking Fremont does not drop it. Empty when the text does not start with a number and a name.
 */
export function typedStreet(text: string): AddressParts | null {
  const line = text.split(',')[0]?.trim() ?? '';
  const m = STREET.exec(line);
  return m ? { street: line, streetNumber: m[1], route: m[2], city: '', state: '', zip: '' } : null;
}

/** A chosen place's parts, with the typed street where the place has none. */
export function withTypedStreet(place: AddressParts, text: string): AddressParts {
  if (place.street) return place;
  const typed = typedStreet(text);
  return typed ? { ...place, street: typed.street, streetNumber: typed.streetNumber, route: typed.route } : place;
}

/** The parts a place lacks, in the spec's words: street number, route, city, state, zip. */
export function missingParts(a: AddressParts): string[] {
  const missing: string[] = [];
  if (!a.streetNumber) missing.push('street number');
  if (!a.route) missing.push('route');
  if (!a.city) missing.push('city');
  if (!a.state) missing.push('state');
  if (!a.zip) missing.push('zip');
  return missing;
}

/** Whether the chosen place needs the manual form. */
export function needsManualForm(a: AddressParts): boolean {
  return missingParts(a).length > 0;
}

/** "39100 Argonaut Way, Fremont, CA 94538" */
export function formatAddress(a: AddressForm): string {
  return [a.street.trim(), a.city.trim(), `${a.state.trim()} ${a.zip.trim()}`.trim()].filter(Boolean).join(', ');
}
