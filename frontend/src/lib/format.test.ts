import { describe, expect, it } from 'vitest';
import { extraName, words } from './format';

describe('words', () => {
  it('reads an identifier-like stored name as words, and leaves a name in words alone', () => {
    expect(words('post_trip_cleaning')).toBe('Post trip cleaning');
    expect(words('prepaid_refuel')).toBe('Prepaid refuel');
    expect(words('Child seat')).toBe('Child seat');
    expect(words('cooler')).toBe('cooler');
    expect(words('EV_charger')).toBe('EV_charger');
  });
});

describe('extraName', () => {
  it("names a stored extra by its description, a host's own by what they wrote", () => {
    expect(extraName('prepaid_refuel', 'Prepaid refuel')).toEqual({ name: 'Prepaid refuel', detail: '' });
    expect(extraName('post_trip_cleaning', '')).toEqual({ name: 'Post trip cleaning', detail: '' });
    expect(extraName('Cooler', 'A 20 l cooler')).toEqual({ name: 'Cooler', detail: 'A 20 l cooler' });
  });
});
