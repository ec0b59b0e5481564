import { describe, expect, it } from 'vitest';
import { activeFilterCount, parseSearchParams, toSearchParams } from './search-state';

const now = new Date(2026, 10, 22, 12);

describe('search URL state', () => {
  it('reads the spec parameters and filters, and writes them back', () => {
    const q = new URLSearchParams('page=2&latitude=37.77&longitude=-122.42&address=San+Francisco&fromDate=2026-12-01&fromTime=9:00+AM&untilDate=2026-12-03&untilTime=6:00+PM&sortBy=priceAsc&seats=5&priceRange=20,200');
    const { state, reset } = parseSearchParams(q, now);
    expect(reset).toBe(false);
    expect(state).toMatchObject({ page: 2, latitude: 37.77, longitude: -122.42, address: 'San Francisco' });
    expect(state.range).toEqual({ fromDate: '2026-12-01', fromTime: '9:00 AM', untilDate: '2026-12-03', untilTime: '6:00 PM' });
    expect(state.filters).toMatchObject({ sortBy: 'priceAsc', seats: '5', priceRange: [20, 200], yearRange: [2000, 2024] });
    expect(Object.fromEntries(toSearchParams(state))).toEqual(Object.fromEntries(q));
  });

  it('falls back to Fremont and default dates, and flags past dates for reset', () => {
    const { state, reset } = parseSearchParams(new URLSearchParams('fromDate=2026-11-01&untilDate=2026-11-02'), now);
    expect(reset).toBe(true);
    expect(state.latitude).toBeCloseTo(37.55, 1);
    expect(state.longitude).toBeCloseTo(-121.99, 1);
    expect(state.range.fromDate).toBe('2026-11-23');
  });

  it('ignores out-of-range coordinates and swapped ranges', () => {
    const { state } = parseSearchParams(new URLSearchParams('latitude=123&longitude=0&yearRange=2020,2010'), now);
    expect(state.latitude).toBeCloseTo(37.55, 1);
    expect(state.filters.yearRange).toEqual([2000, 2024]);
  });

  it('counts filters that differ from the defaults', () => {
    const { state } = parseSearchParams(new URLSearchParams('make=Tesla&yearRange=2018,2024&sortBy=distance'), now);
    expect(activeFilterCount(state.filters)).toBe(2);
  });
});
