import { describe, expect, it } from 'vitest';
import { dailyPriceError, digitsOnly, discountError, needsLowPriceWarning, PRICE_POSITIVE, PRICE_REQUIRED, DISCOUNT_RANGE } from './price';

describe('the daily price rules', () => {
  it.each([
    ['', PRICE_REQUIRED],
    ['   ', PRICE_REQUIRED],
    ['0', PRICE_POSITIVE],
    ['000', PRICE_POSITIVE],
    ['12.5', PRICE_POSITIVE],
    ['-3', PRICE_POSITIVE],
    ['1', null],
    ['49', null],
    ['50', null],
    ['250', null],
  ])('%j gives %j', (value, error) => {
    expect(dailyPriceError(value)).toBe(error);
  });

  it('keeps digits only as typed or pasted', () => {
    expect(digitsOnly('$1,25a0.')).toBe('1250');
    expect(digitsOnly('abc')).toBe('');
  });

  it('warns under 50 only, and never for an invalid price', () => {
    expect(needsLowPriceWarning('49')).toBe(true);
    expect(needsLowPriceWarning('1')).toBe(true);
    expect(needsLowPriceWarning('50')).toBe(false);
    expect(needsLowPriceWarning('0')).toBe(false);
    expect(needsLowPriceWarning('')).toBe(false);
  });
});

describe('the discount rules', () => {
  it.each([
    ['', null],
    ['0', null],
    ['50', null],
    ['25', null],
    ['51', DISCOUNT_RANGE],
    ['12.5', DISCOUNT_RANGE],
    ['-1', DISCOUNT_RANGE],
  ])('%j gives %j', (value, error) => {
    expect(discountError(value)).toBe(error);
  });
});
