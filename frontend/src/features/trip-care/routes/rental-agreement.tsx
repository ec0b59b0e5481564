import { useEffect } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useSession } from '@/lib/auth';
import { formatInTimeZone } from '@/lib/dates';
import { useRentalAgreement, type RentalAgreement } from '../api/get-rental-agreement';
import { agreementAccess, agreementFailedPath } from '../lib/agreement-access';
import '../trip-care.css';

/**
 * /rental-agreement?tripId=&token= (spec 002 section 2): the logged-in token first, else the URL's
 * token; no trip id or no token goes to /login-static, a failed load back to the trip. Numbered
 * as the spec numbers it (3 twice). Print hides the app's header and the buttons.
 */
export default function RentalAgreementRoute() {
  const [q] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const tripId = q.get('tripId');
  const access = agreementAccess(tripId, session?.token ?? null, q.get('token'), location.pathname + location.search);
  const urlToken = access.kind === 'url-token' ? access.token : null;
  const agreement = useRentalAgreement(tripId ?? '', urlToken, access.kind !== 'login');
  useEffect(() => {
    document.title = 'Rental agreement | Upcar';
  }, []);

  if (access.kind === 'login') return <Navigate to={access.to} replace />;
  if (agreement.isError) return <Navigate to={agreementFailedPath(tripId ?? '')} replace />;
  if (agreement.isPending) return <LoadingScreen />;
  return <Agreement a={agreement.data} />;
}

function Agreement({ a }: { a: RentalAgreement }) {
  const made = formatInTimeZone(a.createdAt, a.timeZone);
  const plan = a.protectionPlan;
  return (
    <main id="main" className="page page--narrow trip-care agreement" data-testid="rental-agreement">
      <p className="trip-care__back no-print">
        <Link to={`/bookings?tripId=${encodeURIComponent(a.tripId)}`}>← Back to the trip</Link>
      </p>
      <div className="trip-care__row">
        <h1>Rental agreement</h1>
        <button type="button" className="btn btn--outline no-print" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <p className="muted">
        Reservation number <strong data-testid="agreement-reservation">{a.reservationNumber}</strong>
        {a.signed && a.signedAt ? ` · signed ${formatInTimeZone(a.signedAt, a.timeZone)}` : ' · signs itself once check-in and checkout are recorded'}
      </p>

      <section aria-labelledby="ag-1">
        <h2 id="ag-1">1. Parties</h2>
        <p>
          This rental agreement, made {made}, is between <strong>{a.hostName}</strong> (the owner) and <strong>{a.renterName}</strong> (the renter). The platform connects them
          and collects payment; it is not a party to the rental.
        </p>
        {a.additionalDrivers.length > 0 && <p>Additional drivers allowed to drive the vehicle: {a.additionalDrivers.join(', ')}.</p>}
      </section>

      <section aria-labelledby="ag-2">
        <h2 id="ag-2">2. Rental information</h2>
        <dl className="agreement__facts">
          <dt>Make and model</dt>
          <dd>{[a.carMake, a.carModel].filter(Boolean).join(' ') || a.carName}</dd>
          <dt>Year</dt>
          <dd>{a.carYear}</dd>
          <dt>License plate</dt>
          <dd>{a.licensePlate || '—'}</dd>
          <dt>Rental period start</dt>
          <dd>{a.newStartTimeFormatted}</dd>
          <dt>Rental period end</dt>
          <dd>{a.newEndTimeFormatted}</dd>
          <dt>Reservation number</dt>
          <dd>{a.reservationNumber}</dd>
        </dl>
      </section>

      <section aria-labelledby="ag-3a">
        <h2 id="ag-3a">3. Responsibilities and liability</h2>
        <p>
          The renter drives the vehicle with care, within the law, and lets only the renter and the additional drivers named above drive it. The renter is responsible for the
          vehicle from check-in to check-out, including tolls, tickets and fines incurred during the rental. The owner provides a vehicle that is registered, insured and in good
          condition.
        </p>
      </section>

      <section aria-labelledby="ag-3b">
        <h2 id="ag-3b">3. Vehicle condition</h2>
        <p>
          The vehicle's condition is recorded with photos of its exterior and interior taken within 30 minutes of check-in and of check-out. Those photos are the reference for any
          claim and are kept for 3 years.
        </p>
        {(a.checkedInAt || a.checkedOutAt) && (
          <p>
            {a.checkedInAt && <>Checked in {formatInTimeZone(a.checkedInAt, a.timeZone)}. </>}
            {a.checkedOutAt && <>Checked out {formatInTimeZone(a.checkedOutAt, a.timeZone)}.</>}
          </p>
        )}
      </section>

      <section aria-labelledby="ag-4">
        <h2 id="ag-4">4. Protection plan</h2>
        {plan ? (
          <>
            <p>
              Plan chosen: <strong>{plan.label || plan.name}</strong>
              {plan.deductible != null && <> (deductible ${plan.deductible})</>}.
            </p>
            {plan.coverage.length > 0 && (
              <ul>
                {plan.coverage.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p>Plan chosen: {a.protectionPlanType || 'None'}. Without a protection plan the renter bears the cost of damage to the vehicle.</p>
        )}
      </section>

      <section aria-labelledby="ag-5">
        <h2 id="ag-5">5. Renter's financial responsibility</h2>
        <p>
          Beyond the trip price, the renter pays the incidentals the owner documents within 48 hours after the return: fuel or charge not replaced, tolls, tickets, extra miles,
          a smoking fine of $250, and a cleaning fee of $150 plus 3% processing when the vehicle is returned unreasonably dirty. Damage is charged as the protection plan allows.
        </p>
      </section>

      <section aria-labelledby="ag-6">
        <h2 id="ag-6">6. Vehicle return and late fees</h2>
        <p>The renter returns the vehicle at the agreed place and time ({a.newEndTimeFormatted}). Late returns are charged as follows:</p>
        <ul>
          <li>up to 29 minutes late: no charge;</li>
          <li>30 minutes to under 2 hours: half the average daily rate, plus a possible $50 improper return fee;</li>
          <li>2 to 24 hours: one daily rate plus a $20 late fee, and a possible $50 fee;</li>
          <li>over 24 hours: treated as theft, and the daily rate is charged for every late day.</li>
        </ul>
      </section>

      <section aria-labelledby="ag-end">
        <h2 id="ag-end">Agreement</h2>
        <p>
          By checking in, the renter and the owner accept this agreement and the <Link to="/terms/conditions">terms of service</Link>, which apply to everything it does not say.
          It is signed once check-in and check-out are both recorded.
        </p>
      </section>
    </main>
  );
}
