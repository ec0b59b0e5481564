import { describe, expect, it } from 'vitest';
import { channelStatus, clockIn, hoursLabel, isOpen, nextOpening } from './support-hours';

// Nov 2026 is Pacific Standard Time (UTC-8); July is daylight time (UTC-7).
const pt = (iso: string) => new Date(`${iso}-08:00`);

describe('support hours (Pacific Time)', () => {
  it('reads the clock in Pacific Time whatever the browser zone', () => {
    // 02:30 UTC on Saturday is still Friday 6:30 PM in California.
    expect(clockIn(new Date('2026-11-28T02:30:00Z'))).toEqual({ day: 5, hour: 18, minute: 30 });
    expect(clockIn(new Date('2026-07-03T16:00:00Z'))).toEqual({ day: 5, hour: 9, minute: 0 });
  });

  it.each([
    ['2026-11-27T08:59:59', false, false],
    ['2026-11-27T09:00:00', true, false],
    ['2026-11-27T09:59:00', true, false],
    ['2026-11-27T10:00:00', true, true],
    ['2026-11-27T16:59:00', true, true],
    ['2026-11-27T17:00:00', true, false],
    ['2026-11-27T19:59:59', true, false],
    ['2026-11-27T20:00:00', false, false],
    ['2026-11-28T12:00:00', false, false], // Saturday
    ['2026-11-29T12:00:00', false, false], // Sunday
    ['2026-11-30T12:00:00', true, true], // Monday
  ])('at %s PT messaging open %s, phone open %s', (at, messaging, phone) => {
    expect(isOpen('messaging', pt(at))).toBe(messaging);
    expect(isOpen('phone', pt(at))).toBe(phone);
  });

  it('uses the daylight-time offset in summer', () => {
    // 9:00 AM PDT is 16:00 UTC; 8:59 AM is still closed.
    expect(isOpen('messaging', new Date('2026-07-01T16:00:00Z'))).toBe(true);
    expect(isOpen('messaging', new Date('2026-07-01T15:59:00Z'))).toBe(false);
  });

  it('says when a closed channel opens next', () => {
    expect(nextOpening('messaging', pt('2026-11-27T07:00:00'))).toBe('today at 9 AM');
    expect(nextOpening('messaging', pt('2026-11-26T21:00:00'))).toBe('tomorrow at 9 AM');
    expect(nextOpening('phone', pt('2026-11-27T18:00:00'))).toBe('Monday at 10 AM');
    expect(nextOpening('messaging', pt('2026-11-29T10:00:00'))).toBe('tomorrow at 9 AM');
    expect(channelStatus('messaging', pt('2026-11-27T12:00:00'))).toEqual({ open: true, text: 'Open now, until 8 PM Pacific Time' });
    expect(channelStatus('phone', pt('2026-11-28T12:00:00'))).toEqual({ open: false, text: 'Closed now, opens Monday at 10 AM Pacific Time' });
  });

  it('labels the hours as the spec states them', () => {
    expect(hoursLabel('messaging')).toBe('Mon-Fri 9 AM-8 PM');
    expect(hoursLabel('phone')).toBe('Mon-Fri 10 AM-5 PM');
  });
});
