import { describe, expect, it } from 'vitest';
import { nextStepOf, parseStep, previousStepOf, reachableStep, STEPS, stepLabel } from './steps';

describe('the wizard steps', () => {
  it('are the spec order with the stepper labels', () => {
    expect(STEPS.map((s) => s.key)).toEqual(['location', 'vinDetails', 'availability', 'features', 'description', 'dailyPrice', 'photos', 'finalize']);
    expect(STEPS.map((s) => s.label)).toEqual(['Location', 'VIN', 'Availability', 'Features', 'Description', 'Price', 'Photos', 'Review']);
    expect(stepLabel('dailyPrice')).toBe('Price');
  });

  it('go forward and back one at a time; Back from the VIN goes to the location', () => {
    expect(nextStepOf('location')).toBe('vinDetails');
    expect(nextStepOf('photos')).toBe('finalize');
    expect(nextStepOf('finalize')).toBeNull();
    expect(previousStepOf('vinDetails')).toBe('location');
    expect(previousStepOf('finalize')).toBe('photos');
    expect(previousStepOf('location')).toBeNull();
  });

  it('read only known keys from the URL', () => {
    expect(parseStep('features')).toBe('features');
    expect(parseStep('Features')).toBeNull();
    expect(parseStep('')).toBeNull();
    expect(parseStep(null)).toBeNull();
  });

  it('never open a step past the first one not saved', () => {
    expect(reachableStep('finalize', 'features')).toBe('features');
    expect(reachableStep('vinDetails', 'features')).toBe('vinDetails');
    expect(reachableStep('photos', null)).toBe('photos');
  });
});
