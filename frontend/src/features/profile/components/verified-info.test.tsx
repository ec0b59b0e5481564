import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { VerifiedInfo } from './verified-info';

describe('verified info', () => {
  it('lists what is verified and explains the tiers, marking the member\'s own', () => {
    renderWithProviders(<VerifiedInfo v={{ emailVerify: true, isMobileVerified: false, isDriverVerified: true, currentTier: 'Trusted Driver' }} />);
    const items = within(screen.getByTestId('verified-info')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['✓ Email address verified', '– Phone number not verified', "✓ Driver's licence and selfie verified"]);
    fireEvent.click(screen.getByRole('button', { name: 'Tier Information' }));
    const dialog = screen.getByRole('dialog', { name: 'Tier Information' });
    const tiers = within(dialog).getAllByRole('listitem');
    expect(tiers.map((t) => t.querySelector('strong')!.textContent)).toEqual(['Explorer', 'Verified Driver', 'Trusted Driver', 'Elite Driver']);
    expect(tiers[2]).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
