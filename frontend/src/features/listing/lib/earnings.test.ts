import { describe, expect, it } from 'vitest';
import { clampSlider, earningsFor, earningsHeadline } from './earnings';

describe('the earnings slider', () => {
  it('never goes below 2 and never above 6', () => {
    expect([1, 0, -3, 1.4, NaN].map(clampSlider)).toEqual([2, 2, 2, 2, 2]);
    expect([2, 3, 4, 5, 6, 7, 99].map(clampSlider)).toEqual([2, 3, 4, 5, 6, 6, 6]);
    expect(clampSlider(3.6)).toBe(4);
  });

  it('shows (value - 1) x $1,050 over (value - 1) months', () => {
    expect(earningsFor(2)).toEqual({ months: 1, dollars: 1050 });
    expect(earningsFor(4)).toEqual({ months: 3, dollars: 3150 });
    expect(earningsFor(6)).toEqual({ months: 5, dollars: 5250 });
    // 1 is clamped to 2 first.
    expect(earningsFor(1)).toEqual({ months: 1, dollars: 1050 });
  });

  it('says month for one and months for more', () => {
    expect(earningsHeadline(2)).toBe('$1,050 in 1 month');
    expect(earningsHeadline(3)).toBe('$2,100 in 2 months');
    expect(earningsHeadline(6)).toBe('$5,250 in 5 months');
  });
});
