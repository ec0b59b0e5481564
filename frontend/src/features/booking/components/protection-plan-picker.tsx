import { useState } from 'react';
import { Modal } from '@/components/modal';
import type { ProtectionPlan } from '@/api/types';

/** The plan a checkout sends: a plan name, or None once Decline is confirmed. */
export type PlanChoice = string;

/**
 * Plans with their coverage lines; the selected plan's details expand. Decline (labelled High
 * Risk) opens a confirm dialog: Confirm decline sets None ("Declined"), Choose Minimum selects
 * Minimum (spec 002 section 4).
 */
export function ProtectionPlanPicker({
  plans,
  value,
  onChange,
  required = false,
  current,
}: {
  plans: ProtectionPlan[];
  value: PlanChoice;
  onChange: (p: PlanChoice) => void;
  required?: boolean;
  /** The trip's plan as booked, marked "Current plan" (/update-trip; spec 002 section 4). */
  current?: PlanChoice;
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
                {p.percentOfTripPrice ? <span className="muted"> · {p.percentOfTripPrice}% of the trip price</span> : null}
                {current !== undefined && (current === p.name || (p.name === 'Decline' && current === 'None')) && (
                  <span className="tag" data-testid="current-plan">
                    Current plan
                  </span>
                )}
              </span>
              {selected && (
                <ul>
                  {p.coverage.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              )}
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
