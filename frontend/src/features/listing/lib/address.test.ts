import { describe, expect, it } from 'vitest';
import { formatAddress, missingParts, needsManualForm, parseFormattedAddress, typedStreet, withTypedStreet } from './address';

describe('addresses of chosen places', () => {
  it('reads a full street address', () => {
    const a = parseFormattedAddress('39100 Argonaut Way, Fremont, CA 94538');
    expect(a).toEqual({ street: '39100 Argonaut Way', streetNumber: '39100', route: 'Argonaut Way', city: 'Fremont', state: 'CA', zip: '94538' });
    expect(needsManualForm(a)).toBe(false);
    expect(parseFormattedAddress('1 Main St, Springfield, IL 62701-1234, USA').zip).toBe('62701-1234');
  });

  it('sends a city, an airport or a hotel to the manual form with what it knows', () => {
    const city = parseFormattedAddress('Fremont, CA');
    expect(city).toMatchObject({ street: '', city: 'Fremont', state: 'CA', zip: '' });
    expect(missingParts(city)).toEqual(['street number', 'route', 'zip']);
    const airport = parseFormattedAddress('San Jose International Airport (SJC), San Jose, CA');
    expect(airport).toMatchObject({ street: '', city: 'San Jose', state: 'CA' });
    expect(needsManualForm(airport)).toBe(true);
    const hotel = parseFormattedAddress('Hotel Zico, Los Angeles, CA');
    expect(hotel).toMatchObject({ street: '', city: 'Los Angeles', state: 'CA' });
    // A street with no number lacks the street number.
    expect(missingParts(parseFormattedAddress('Main Street, Fremont, CA 94536'))).toEqual(['street number', 'route']);
  });

  it('formats the full address for the review', () => {
    expect(formatAddress({ street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536' })).toBe('1 Main St, Fremont, CA 94536');
  });
});

describe('the street the host typed', () => {
  it('is read from the start of the text: a number and a name, up to the first comma', () => {
    expect(typedStreet('39180 Fremont Blvd')?.street).toBe('39180 Fremont Blvd');
    expect(typedStreet('39180 Fremont Blvd, Fremont')).toMatchObject({ streetNumber: '39180', route: 'Fremont Blvd' });
    expect(typedStreet('Fremont Blvd')).toBeNull();
    expect(typedStreet('Fremont, CA')).toBeNull();
  });

  it('is kept when the chosen place has no street, and the place keeps its own otherwise', () => {
    const city = parseFormattedAddress('Fremont, CA');
    expect(withTypedStreet(city, '39180 Fremont Blvd')).toMatchObject({ street: '39180 Fremont Blvd', city: 'Fremont', state: 'CA', zip: '' });
    expect(missingParts(withTypedStreet(city, '39180 Fremont Blvd'))).toEqual(['zip']);
    const full = parseFormattedAddress('39100 Argonaut Way, Fremont, CA 94538');
    expect(withTypedStreet(full, '39180 Fremont Blvd').street).toBe('39100 Argonaut Way');
    expect(withTypedStreet(city, 'Fremo').street).toBe('');
  });
});
