import { describe, expect, it } from 'vitest';
import { canSearch, canSearchHome, defaultRange, formatInTimeZone, freeCancellationDate, from24h, homeCardRange, normaliseRange, rangeError, roundTimeForPrice, TIME_OPTIONS, to24h } from './dates';

const now = new Date(2026, 10, 22, 15, 0); // 22 Nov 2026, 3 PM

describe('dates', () => {
  it('defaults to tomorrow through the day after at 10:00 AM', () => {
    expect(defaultRange(now)).toEqual({ fromDate: '2026-11-23', fromTime: '10:00 AM', untilDate: '2026-11-24', untilTime: '10:00 AM' });
  });

  it('home cards link tomorrow to today plus 3 days', () => {
    expect(homeCardRange(now)).toMatchObject({ fromDate: '2026-11-23', untilDate: '2026-11-25' });
  });

  it('resets both dates when one is before today, keeping valid times', () => {
    const r = normaliseRange({ fromDate: '2026-11-20', fromTime: '2:30 PM', untilDate: '2026-11-28', untilTime: '9:00 AM' }, now);
    expect(r.reset).toBe(true);
    expect(r.range).toEqual({ fromDate: '2026-11-23', fromTime: '2:30 PM', untilDate: '2026-11-24', untilTime: '9:00 AM' });
  });

  it('keeps future dates and fills missing times', () => {
    const r = normaliseRange({ fromDate: '2026-12-01', untilDate: '2026-12-05' }, now);
    expect(r.reset).toBe(false);
    expect(r.range.fromTime).toBe('10:00 AM');
  });

  it('treats an impossible date as missing', () => {
    expect(normaliseRange({ fromDate: '2026-02-31', untilDate: '2026-03-02' }, now).range.fromDate).toBe('2026-11-23');
  });

  it('offers 48 half-hour times from 12:00 AM to 11:30 PM', () => {
    expect(TIME_OPTIONS).toHaveLength(48);
    expect(TIME_OPTIONS[0]).toBe('12:00 AM');
    expect(TIME_OPTIONS[47]).toBe('11:30 PM');
  });

  it.each([
    ['10:00 AM', '10:00 AM', false],
    ['10:14 AM', '10:00 AM', false],
    ['10:15 AM', '10:30 AM', false],
    ['10:44 AM', '10:30 AM', false],
    ['10:45 AM', '11:00 AM', false],
    ['11:50 PM', '12:00 AM', true],
  ])('rounds %s to %s for prices', (t, want, next) => {
    expect(roundTimeForPrice(t)).toEqual({ time: want, nextDay: next });
  });

  it('converts between 12- and 24-hour forms', () => {
    expect(to24h('12:30 AM')).toBe('00:30');
    expect(to24h('1:00 PM')).toBe('13:00');
    expect(from24h('13:00')).toBe('1:00 PM');
    expect(from24h('10:00 AM')).toBe('10:00 AM');
    expect(from24h('25:00')).toBeNull();
  });

  it('disables search for same-day ranges and home search for start not before end', () => {
    expect(canSearch({ fromDate: '2026-11-23', fromTime: '10:00 AM', untilDate: '2026-11-23', untilTime: '5:00 PM' })).toBe(false);
    expect(canSearch({ fromDate: '2026-11-23', fromTime: '10:00 AM', untilDate: '2026-11-24', untilTime: '9:00 AM' })).toBe(true);
    expect(canSearchHome({ fromDate: '2026-11-24', fromTime: '10:00 AM', untilDate: '2026-11-23', untilTime: '9:00 AM' })).toBe(false);
  });

  it('gives the car page date error text', () => {
    expect(rangeError({ fromDate: '2026-11-25', fromTime: '10:00 AM', untilDate: '2026-11-24', untilTime: '10:00 AM' })).toBe('Start date must be before or equal to the end date.');
    expect(rangeError({ fromDate: '2026-11-24', fromTime: '10:00 AM', untilDate: '2026-11-24', untilTime: '11:00 AM' })).toBeNull();
  });

  it('shows free cancellation only 24 h or more ahead, at 24 h before start', () => {
    const start = new Date(2026, 10, 24, 10, 0);
    expect(freeCancellationDate(start, now)).toEqual(new Date(2026, 10, 23, 10, 0));
    expect(freeCancellationDate(new Date(2026, 10, 23, 9, 0), now)).toBeNull();
  });

  it('shows an instant in the trip\'s time zone, whatever the browser\'s', () => {
    // Some ICU versions put a narrow no-break space before AM/PM.
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(plain(formatInTimeZone('2030-01-10T10:00:00-08:00', 'America/Los_Angeles'))).toBe('Thu, Jan 10, 2030, 10:00 AM PST');
    expect(plain(formatInTimeZone('2030-01-10T18:00:00Z', 'America/New_York'))).toBe('Thu, Jan 10, 2030, 1:00 PM EST');
    expect(formatInTimeZone('not a date', 'America/New_York')).toBe('not a date');
    expect(formatInTimeZone('', 'America/New_York')).toBe('');
    expect(formatInTimeZone('2030-01-10T18:00:00Z', 'Nowhere/Unknown')).toMatch(/^Thu, Jan 10, /);
  });
});
