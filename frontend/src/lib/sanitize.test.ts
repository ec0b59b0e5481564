import { describe, expect, it } from 'vitest';
import { formatUsPhone, sanitize } from './sanitize';

describe('sanitize', () => {
  it('strips tags and keeps letters, spaces, apostrophes and hyphens in strings', () => {
    expect(sanitize("<b>Anne-Marie</b> O'Neil 3rd!", 'string')).toBe("Anne-Marie O'Neil rd");
  });
  it('lowercases and trims emails, keeps digits of phones', () => {
    expect(sanitize('  Guest@Demo.Local ', 'email')).toBe('guest@demo.local');
    expect(sanitize('(555) 123-4567', 'phone')).toBe('5551234567');
  });
  it('formats US phones as (xxx) xxx-xxxx', () => {
    expect(formatUsPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('555')).toBe('(555');
  });
});
