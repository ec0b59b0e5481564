import { Link } from 'react-router';
import type { ProtectionPlan } from '@/api/types';
import { Skeleton } from '@/components/skeleton';
import { useProtectionPlans } from '@/api/get-protection-plans';
import { DEADLINES as D, ROADSIDE, WEAR, dollars } from '../lib/policy';
import { useTitle } from '../lib/use-title';
import '../pages.css';

/** "20% of the trip price", or "Included" for a plan that costs nothing. */
export function planPrice(p: ProtectionPlan): string {
  return p.percentOfTripPrice > 0 ? `${p.percentOfTripPrice}% of the trip price` : 'No charge';
}

function PlanCard({ plan }: { plan: ProtectionPlan }) {
  const id = `plan-${plan.name.toLowerCase()}`;
  return (
    <li className="pg-plan-card" data-testid="plan">
      <h3 id={id} className="pg-plan-card__name">
        {plan.label}
        {plan.label !== plan.name && <span className="muted"> ({plan.name})</span>}
        {plan.isDefault && <span className="tag pg-plan-card__tag">Default</span>}
      </h3>
      <dl className="pg-plan-card__facts">
        <div>
          <dt>Price</dt>
          <dd data-testid="plan-price">{planPrice(plan)}</dd>
        </div>
        <div>
          <dt>Deductible</dt>
          <dd>{plan.deductible != null ? `${dollars(plan.deductible)} at most` : 'None: no damage protection'}</dd>
        </div>
      </dl>
      <ul className="pg-plan-card__coverage" aria-label={`${plan.label} coverage`}>
        {plan.coverage.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </li>
  );
}

function Plans() {
  const plans = useProtectionPlans();
  if (plans.isPending)
    return (
      <div className="pg-plan-grid" role="status" aria-busy="true" aria-label="Loading protection plans">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="skeleton--block" />
        ))}
      </div>
    );
  if (plans.isError)
    return (
      <div className="pg-notice pg-notice--error" role="alert">
        <p>Failed to fetch protection plans</p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void plans.refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <ul className="pg-plan-grid" aria-label="Protection plans">
      {plans.data.map((p) => (
        <PlanCard key={p.name} plan={p} />
      ))}
    </ul>
  );
}

/** /terms/owner/protectionplans: the plans as the server serves them, and the protection rules of the terms for owners and guests. */
export default function ProtectionPlansRoute() {
  useTitle('Protection plans');
  return (
    <main id="main" className="page pg-doc pg-doc--single">
      <h1>Protection plans</h1>
      <p className="pg-doc__lead">
        Every trip carries a protection plan, chosen by the guest at checkout. It limits what the guest pays for physical damage to the car; the owner&apos;s own insurance stays in place.
      </p>

      <section aria-labelledby="plans-title">
        <h2 id="plans-title">The plans</h2>
        <Plans />
        <p className="muted">Standard is chosen unless the guest picks another plan. Drivers under 25 cannot decline protection.</p>
      </section>

      <section aria-labelledby="owners-title">
        <h2 id="owners-title">For owners</h2>
        <ul>
          <li>Keep the car registered, insured and in good condition, with a clean title; upload an insurance photo before the car is rented.</li>
          <li>
            Check-in and check-out photos are taken within {D.checkPhotosMinutes} minutes of each handover and kept for {D.photosKeptYears} years: they are the evidence of the car&apos;s
            condition.
          </li>
          <li>
            File a claim or incident report within {D.claimHoursAfterReturn} hours after the car is returned, and upload the evidence within {D.evidenceUploadHours} hours. Damage found later
            can be added within {D.supplementalDamageDays} days of the payment.
          </li>
          <li>Report a theft to the police within {D.theftPoliceReportHours} hours. Storage fees are covered for no more than {D.storageFeeMaxHours} hours.</li>
          <li>
            Normal wear is not damage: a bumper dent under {WEAR.bumperDentInches} inches, a scratch under {WEAR.scratchInches} inches, a paint dent of {WEAR.paintDentInches} inches or less, up
            to {WEAR.windshieldChips} small windshield chips.
          </li>
        </ul>
      </section>

      <section aria-labelledby="guests-title">
        <h2 id="guests-title">For guests</h2>
        <ul>
          <li>With a plan, you pay at most its deductible for covered damage; declining (High Risk) leaves you responsible for all damage.</li>
          <li>
            Roadside assistance is reimbursed within {ROADSIDE.reimbursedMiles} miles. Tyres worn more than {ROADSIDE.tyreWearPercent}% are not reimbursed.
          </li>
          <li>
            A hold on your card is released within {D.holdReleaseDays} days after the trip, or {D.holdReleaseWithDamageDays} days when damage or fees are being assessed. A charge can be
            disputed within {D.paymentDisputeHours} hours, or {D.paymentDisputeWithDamageDays} days when it concerns damage.
          </li>
        </ul>
        <p>
          The full rules are in sections 8 and 10 of the <Link to="/terms/conditions#insurance-damages">terms and conditions</Link>.
        </p>
      </section>
    </main>
  );
}
