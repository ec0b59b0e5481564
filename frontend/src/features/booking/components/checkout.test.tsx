import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProtectionPlan } from '@/api/types';
import { renderWithProviders } from '@/test/render';
import { ProtectionPlanPicker } from './protection-plan-picker';
import { billingErrors } from './payment-form';
import { cardErrors } from '../lib/payment-provider';
import { scaledSize } from '../lib/compress-image';

const PLANS: ProtectionPlan[] = [
  { name: 'Standard', label: 'Standard', coverage: ['$500 deductible'], percentOfTripPrice: 20, deductible: 500, isDefault: true },
  { name: 'Minimum', label: 'Minimum', coverage: ['$3,000 deductible'], percentOfTripPrice: 10, deductible: 3000, isDefault: false },
  { name: 'Decline', label: 'High Risk', coverage: ['No protection'], percentOfTripPrice: 0, deductible: null, isDefault: false },
];

function Picker({ required = false }: { required?: boolean }) {
  const [v, setV] = useState('Standard');
  return (
    <>
      <ProtectionPlanPicker plans={PLANS} value={v} onChange={setV} required={required} prices={{ Standard: 59.2, Minimum: 29.6 }} />
      <output data-testid="plan">{v}</output>
    </>
  );
}

describe('protection plan picker', () => {
  it("shows every plan's cover and cost before one is chosen, and asks before declining", () => {
    renderWithProviders(<Picker />);
    expect(screen.getByText('$500 deductible')).toBeInTheDocument();
    expect(screen.getByText('$3,000 deductible')).toBeInTheDocument();
    expect(screen.getByTestId('plan-cost-Standard')).toHaveTextContent('+$59.20 (20% of the rental)');
    expect(screen.getByTestId('plan-cost-Minimum')).toHaveTextContent('+$29.60 (10% of the rental)');
    expect(screen.getByTestId('plan-cost-Decline')).toHaveTextContent('no charge');
    fireEvent.click(screen.getByRole('radio', { name: /High Risk/ }));
    expect(screen.getByTestId('plan')).toHaveTextContent('Standard');
    fireEvent.click(screen.getByRole('button', { name: 'Choose Minimum' }));
    expect(screen.getByTestId('plan')).toHaveTextContent('Minimum');
    fireEvent.click(screen.getByRole('radio', { name: /High Risk/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm decline' }));
    expect(screen.getByTestId('plan')).toHaveTextContent('None');
    expect(screen.getByRole('radio', { name: /Declined/ })).toBeChecked();
  });

  it('only explains when protection is required', () => {
    renderWithProviders(<Picker required />);
    fireEvent.click(screen.getByRole('radio', { name: /High Risk/ }));
    expect(screen.queryByRole('button', { name: 'Confirm decline' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I Understand' }));
    expect(screen.getByTestId('plan')).toHaveTextContent('Standard');
  });
});

describe('payment form rules', () => {
  const now = new Date(2026, 10, 22);
  it('gives the card messages of the spec', () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '' }, now)).toBe('Please complete all card details');
    expect(cardErrors({ number: '4242424242424242', expiry: '', cvc: '123' }, now)).toBe('Please complete the expiry date');
    expect(cardErrors({ number: '4242424242424242', expiry: '12/30', cvc: '' }, now)).toBe('Please complete the CVC');
    expect(cardErrors({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toBe('Card has expired');
    expect(cardErrors({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, now)).toBeNull();
  });
  it('gives the billing messages of the spec', () => {
    expect(billingErrors({ first_name: '', last_name: '', address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: '' })).toEqual({
      first_name: 'First name is required',
      address_line1: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      postal_code: 'Postal code is required',
      country: 'Country is required',
    });
  });
  it('scales photos to 1920 px on the longest side', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 1920, height: 1440 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
