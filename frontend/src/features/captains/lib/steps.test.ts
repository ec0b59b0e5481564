import { describe, expect, it } from 'vitest';
import { directionsUrl, placeLine } from './steps';

describe("directions to a task's place", () => {
  it('go to the coordinates when the place has real ones', () => {
    expect(directionsUrl({ street: '39300 Civic Center Dr', city: 'Fremont', state: 'CA', latitude: 37.5485, longitude: -121.9886 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=37.5485%2C-121.9886&travelmode=driving',
    );
  });

  it('go to the address when the coordinates are missing, zero or out of range', () => {
    const address = { street: '1 Main St', city: 'San Jose', state: 'CA', zip: '95113' };
    const expected = 'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20San%20Jose%2C%20CA%2C%2095113&travelmode=driving';
    expect(directionsUrl(address)).toBe(expected);
    expect(directionsUrl({ ...address, latitude: 0, longitude: 0 })).toBe(expected);
    expect(directionsUrl({ ...address, latitude: 95, longitude: -121 })).toBe(expected);
    expect(directionsUrl({ ...address, latitude: Number.NaN, longitude: -121 })).toBe(expected);
  });

  it('are not offered for a place with neither', () => {
    expect(directionsUrl(null)).toBeNull();
    expect(directionsUrl({})).toBeNull();
    expect(placeLine({})).toBe('');
  });
});
