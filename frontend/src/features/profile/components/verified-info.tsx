import { useState, type ReactNode } from 'react';
import { Modal } from '@/components/modal';

export type Verification = { emailVerify?: boolean; isMobileVerified?: boolean; isDriverVerified?: boolean; currentTier?: string };

/** The driver tiers and their perks (spec 002 sections 3 and 6). */
export const TIERS: { name: string; how: string; perks: string }[] = [
  { name: 'Explorer', how: 'A new account.', perks: 'Books 6 or more hours ahead; verify to unlock instant booking.' },
  { name: 'Verified Driver', how: 'Email, licence, selfie and a payment method verified.', perks: '2-hour delivery and 1-hour pickup, search priority and a badge.' },
  { name: 'Trusted Driver', how: 'Verified, with 3 or more completed trips.', perks: 'Last-minute bookings, priority support and offers.' },
  { name: 'Elite Driver', how: 'Verified, with 10 or more completed trips.', perks: 'VIP perks, elite discounts and a badge shown to owners.' },
];

function Check({ ok, label }: { ok?: boolean; label: string }) {
  return (
    <li className={`verified__item ${ok ? 'is-ok' : ''}`}>
      <span aria-hidden="true">{ok ? '✓' : '–'}</span> {label}
      <span className="sr-only">{ok ? ' verified' : ' not verified'}</span>
    </li>
  );
}

/**
 * "Verified Info" of a public profile, with the "Tier Information" modal; on the member's own
 * profile `children` is where they verify what is missing (their phone number).
 */
export function VerifiedInfo({ v, children }: { v: Verification; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="car-section verified" aria-labelledby="verified-title" data-testid="verified-info">
      <h2 id="verified-title">Verified Info</h2>
      <ul className="verified__list">
        <Check ok={v.emailVerify} label="Email address" />
        <Check ok={v.isMobileVerified} label="Phone number" />
        <Check ok={v.isDriverVerified} label="Driver's licence and selfie" />
      </ul>
      {children}
      {v.currentTier && (
        <p>
          Tier: <strong>{v.currentTier}</strong>{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(true)}>
            Tier Information
          </button>
        </p>
      )}
      {open && (
        <Modal title="Tier Information" onClose={() => setOpen(false)}>
          <ul className="tiers">
            {TIERS.map((t) => (
              <li key={t.name} className={t.name === v.currentTier ? 'tiers__item is-current' : 'tiers__item'} aria-current={t.name === v.currentTier ? 'true' : undefined}>
                <strong>{t.name}</strong>
                <p className="muted">{t.how}</p>
                <p>{t.perks}</p>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </section>
  );
}
