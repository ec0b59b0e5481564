import { describe, expect, it } from 'vitest';
import { countWords, plateInput, priceInput, validateAddress, validateDailyPrice, validateDescription, validateFeatures, validateFinalize, validateOdometerForm, validateVehicle, validateVin, yearOptions } from './validation';

describe('step validation messages (spec 001 section 5)', () => {
  it('manual address: every part required', () => {
    expect(validateAddress({ street: ' ', city: '', state: '', zip: '' })).toEqual({
      street: 'Street address is required.',
      city: 'City is required.',
      state: 'State is required.',
      zip: 'Zip code is required.',
    });
    expect(validateAddress({ street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536' })).toEqual({});
  });

  it('VIN: trimmed and exactly 17 characters', () => {
    expect(validateVin('  2T3P1RFV8MC123456  ')).toBeNull();
    expect(validateVin('2T3P1RFV8MC12345')).toBe('Please enter a valid 17-digit VIN number.');
    expect(validateVin('2T3P1RFV8MC1234567')).toBe('Please enter a valid 17-digit VIN number.');
    expect(validateVin('')).toBe('Please enter a valid 17-digit VIN number.');
  });

  it('vehicle edit modal: the five required fields, and 50 years ending this year', () => {
    expect(validateVehicle({ carYear: '', make: '', model: '', trim: ' ', style: '' })).toEqual({
      carYear: 'Please select a car year',
      make: 'Please select a make',
      model: 'Please select a model',
      trim: 'Please enter a trim',
      style: 'Please select a style',
    });
    const years = yearOptions(2026);
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years[49]).toBe(1977);
  });

  it('odometer form: odometer, transmission and the terms box', () => {
    expect(validateOdometerForm({ odometer: '', transmissionType: '', termsAccepted: false })).toEqual({
      odometer: 'Please select an odometer reading',
      transmissionType: 'Transmission type is required',
      termsAccepted: 'You must agree to the terms of service before continuing',
    });
    expect(validateOdometerForm({ odometer: '0-50k miles', transmissionType: 'automatic', termsAccepted: true })).toEqual({});
  });

  it('features: plate and special feature required; the plate upper case', () => {
    expect(validateFeatures({ licensePlate: '', specialFeature: '' })).toEqual({ licensePlate: 'License plate number is required.', specialFeature: 'Special feature is required.' });
    expect(plateInput('7abc123')).toBe('7ABC123');
  });

  it('description: at least 60 words', () => {
    expect(countWords('  one two\nthree\tfour  ')).toBe(4);
    expect(countWords('')).toBe(0);
    expect(validateDescription(Array(59).fill('word').join(' '))).toBe('Description must be at least 60 words.');
    expect(validateDescription(Array(60).fill('word').join(' '))).toBeNull();
  });

  it('daily price: digits only, required, above 0, a warning under 50', () => {
    expect(priceInput('$1,2a3')).toBe('123');
    expect(validateDailyPrice('')).toEqual({ error: 'Daily price is required.', warning: false });
    expect(validateDailyPrice('0')).toEqual({ error: 'Please enter a valid daily price greater than 0.', warning: false });
    expect(validateDailyPrice('000')).toEqual({ error: 'Please enter a valid daily price greater than 0.', warning: false });
    expect(validateDailyPrice('49')).toEqual({ error: null, warning: true });
    expect(validateDailyPrice('50')).toEqual({ error: null, warning: false });
  });

  it('finalize: the terms box', () => {
    expect(validateFinalize(false)).toBe('Please agree to the terms of service.');
    expect(validateFinalize(true)).toBeNull();
  });
});
