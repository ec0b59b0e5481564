import { useState } from 'react';
import { Modal } from '@/components/modal';
import type { ProtectionPlan } from '@/api/types';
import { money } from '@/lib/format';

/** The plan a checkout sends: a plan name, or None once Decline is confirmed. */
export type PlanChoice = string;

/**
 * Plans with their coverage lines and their cost on this trip, each shown before it is chosen. Decline (labelled High
 * Risk) opens a confirm dialog: Confirm decline sets None ("Declined"), Choose Minimum selects
 * Minimum (spec 002 section 4).
 */
export function ProtectionPlanPicker({
  plans,
  value,
  onChange,
  required = false,
  current,
  prices = {},
}: {
  plans: ProtectionPlan[];
  value: PlanChoice;
  onChange: (p: PlanChoice) => void;
  required?: boolean;
  /** The trip's plan as booked, marked "Current plan" (/update-trip; spec 002 section 4). */
  current?: PlanChoice;
  /** What each plan costs on this trip, by name (the server's price; absent while it loads). */
  prices?: Record<string, number | undefined>;
}) {
  const [confirm, setConfirm] = useState(false);
  const choose = (name: string) => (name === 'Decline' ? setConfirm(true) : onChange(name));
  return (
    <fieldset className="panel">
      <legend>
        <h2>Protection plan</h2>
      </legend>
      <div className="plans" role="radiogroup" aria-label="Protection plan">
        {plans.map((p) => {
          const selected = value === p.name || (p.name === 'Decline' && value === 'None');
          return (
            <label key={p.name} className={`plan ${selected ? 'is-selected' : ''}`} data-testid={`plan-${p.name}`}>
              <span>
                <input type="radio" name="plan" checked={selected} onChange={() => choose(p.name)} /> <strong>{p.name === 'Decline' ? (value === 'None' ? 'Declined' : p.label ?? 'High Risk') : (p.label ?? p.name)}</strong>
                <span className="plan__cost" data-testid={`plan-cost-${p.name}`}>
                  {' · '}
                  {p.percentOfTripPrice ? (
                    <>
                      {prices[p.name] !== undefined ? `+${money(prices[p.name])}` : ''} ({p.percentOfTripPrice}% of the rental)
                    </>
                  ) : (
                    'no charge'
                  )}
                </span>
                {current !== undefined && (current === p.name || (p.name === 'Decline' && current === 'None')) && (
                  <span className="tag" data-testid="current-plan">
                    Current plan
                  </span>
                )}
              </span>
              {/* What each plan covers shows before it is chosen. */}
              <ul className={selected ? '' : 'muted'}>
                {p.coverage.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </label>
          );
        })}
      </div>
      {confirm && (
        <Modal title={required ? 'Protection is required' : 'Decline protection?'} onClose={() => setConfirm(false)} size="sm">
          {required ? (
            <>
              <p>This trip needs a protection plan; declining is not possible.</p>
              <button type="button" className="btn btn--primary btn--block" onClick={() => setConfirm(false)}>
                I Understand
              </button>
            </>
          ) : (
            <>
              <p>Without protection you are responsible for all damage to the car. The Minimum plan limits what you pay.</p>
              <div className="form">
                <button
                  type="button"
                  className="btn btn--primary btn--block"
                  onClick={() => {
                    onChange('Minimum');
                    setConfirm(false);
                  }}
                >
                  Choose Minimum
                </button>
                <button
                  type="button"
                  className="btn btn--outline btn--block"
                  onClick={() => {
                    onChange('None');
                    setConfirm(false);
                  }}
                >
                  Confirm decline
                </button>
              </div>
            </>
          )}
        </Modal>
      )}
    </fieldset>
  );
}
