import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { formatInTimeZone, rangeError, type TripRange } from '@/lib/dates';
import { money } from '@/lib/format';
import { useCar } from '@/api/get-car';
import { useProtectionPlans } from '@/api/get-protection-plans';
import type { Trip } from '@/api/types';
import { useTrip } from '@/api/get-trip';
import { useModifiedPrice, type ModifiedPrice, type TripChange } from '../api/get-modified-price';
import { useCreateModifyRequest } from '../api/modify-trip';
import { ExtrasPicker } from '../components/extras-picker';
import { ProtectionPlanPicker } from '../components/protection-plan-picker';
import { TripDatesField } from '../components/trip-dates-field';
import { changedParts, clearedRange, tripRange } from '../lib/update-trip';
import '../booking.css';

const DEFAULT_PLAN = 'Standard';

function PriceChange({ price }: { price: ModifiedPrice }) {
  const d = price.priceDifference;
  return (
    <div data-testid="modified-price">
      <table className="breakdown">
        <tbody>
          <tr>
            <th scope="row">Current total</th>
            <td>{money(price.previousPrice)}</td>
          </tr>
          <tr className="breakdown__total">
            <th scope="row">New total</th>
            <td data-testid="new-total">{money(price.data?.finalPrice)}</td>
          </tr>
        </tbody>
      </table>
      <p data-testid="price-difference">
        {Math.abs(d) < 0.005 ? 'No change in price.' : d > 0 ? `You pay ${money(d)} more.` : `You get ${money(-d)} back.`}
      </p>
    </div>
  );
}

function ModifyForm({ trip }: { trip: Trip }) {
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const booked = useMemo(() => tripRange(trip), [trip]);
  const bookedPlan = trip.protectionPlanType || DEFAULT_PLAN;
  const [range, setRange] = useState<TripRange>(booked);
  const [extras, setExtras] = useState<string[]>(() => trip.extras.map((e) => e.extraId));
  const [plan, setPlan] = useState(bookedPlan);
  const [message, setMessage] = useState('');
  const car = useCar(trip.carId);
  const plans = useProtectionPlans();
  const send = useCreateModifyRequest();
  const carExtras = car.data?.extras ?? [];

  const dateError = rangeError(range);
  const parts = changedParts({ ...trip, protectionPlanType: bookedPlan }, range, extras, plan);
  const change: TripChange | null = useMemo(() => {
    if (dateError || (!parts.dates && !parts.extras && !parts.plan)) return null;
    const c: TripChange = { tripId: trip.tripId };
    if (parts.dates) Object.assign(c, { newStartDate: range.fromDate, newStartTime: range.fromTime, newEndDate: range.untilDate, newEndTime: range.untilTime });
    if (parts.extras)
      c.extras = extras.map((x) => ({ extraId: x, extraType: carExtras.find((e) => e.extraId === x)?.extraType ?? trip.extras.find((e) => e.extraId === x)?.extraType ?? '', quantity: 1 }));
    if (parts.plan) c.protectionPlanType = plan;
    return c;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trip.tripId, dateError, parts.dates, parts.extras, parts.plan, range, extras, plan, carExtras]);
  const price = useModifiedPrice(change);
  // The price on screen is the one of the change asked (not the previous one kept while loading).
  const priced = Boolean(change && price.isSuccess && !price.isPlaceholderData);

  return (
    <form
      className="form update-trip"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!change || !priced) return;
        send.mutate(
          { ...change, message: message.trim() },
          {
            onSuccess: (a) => {
              toast.show(a.message || 'Your change request was sent to the host.', 'success', 4000);
              navigate(`/bookings?tripId=${encodeURIComponent(trip.tripId)}`);
            },
          },
        );
      }}
    >
      <section className="panel" aria-labelledby={`${id}-dates`}>
        <h2 id={`${id}-dates`}>Dates and times</h2>
        <p className="muted">
          Booked: {formatInTimeZone(trip.startTime, trip.timeZone)} – {formatInTimeZone(trip.endTime, trip.timeZone)}
        </p>
        <TripDatesField value={range} onChange={setRange} clearTo={() => clearedRange(booked, trip.timeZone)} />
        {dateError && (
          <p className="field__error" role="alert">
            {dateError}
          </p>
        )}
      </section>
      {car.isSuccess && <ExtrasPicker extras={carExtras} selected={extras} onChange={setExtras} />}
      {plans.isSuccess && <ProtectionPlanPicker plans={plans.data} value={plan} onChange={setPlan} current={bookedPlan} />}
      <section className="panel" aria-labelledby={`${id}-price`} aria-live="polite">
        <h2 id={`${id}-price`}>New price</h2>
        {!change ? (
          <p className="muted" data-testid="no-change">
            Change the dates, extras or protection plan to see the new price.
          </p>
        ) : price.isError ? (
          <p role="alert" data-testid="price-error">
            {errorMessage(price.error, 'Failed to fetch price details')}
          </p>
        ) : price.data ? (
          <div aria-busy={price.isFetching}>
            <PriceChange price={price.data} />
          </div>
        ) : (
          <Skeleton className="skeleton--line" />
        )}
      </section>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          Message to the host (optional)
        </label>
        <textarea id={`${id}-message`} className="input" rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      {send.isError && (
        <p className="form__error" role="alert" data-testid="send-error">
          {errorMessage(send.error, 'Your change request could not be sent. Please try again.')}
        </p>
      )}
      <div className="calendar__actions">
        <Link to={`/bookings?tripId=${encodeURIComponent(trip.tripId)}`} className="btn btn--ghost">
          Back to the trip
        </Link>
        <button type="submit" className="btn btn--primary" disabled={!priced || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send change request'}
        </button>
      </div>
    </form>
  );
}

/** /update-trip?tripId=: the guest asks to change a confirmed trip (dates, extras, plan); the host answers. */
export default function UpdateTripRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  const session = useSession();
  const prompt = useAuthPrompt();
  const trip = useTrip(session ? tripId : '');
  useEffect(() => {
    document.title = 'Change your trip | Upcar';
  }, []);
  const back = `/bookings${tripId ? `?tripId=${encodeURIComponent(tripId)}` : ''}`;
  let body;
  if (!tripId) body = <p>No trip was given. <Link to="/bookings">See your trips</Link></p>;
  else if (!session)
    body = (
      <>
        <p>Log in to change your trip.</p>
        <button type="button" className="btn btn--primary" onClick={() => prompt.open('login')}>
          Log in
        </button>
      </>
    );
  else if (trip.isPending) body = <Skeleton className="skeleton--block" />;
  else if (trip.isError) body = <p role="alert">{errorMessage(trip.error, 'This trip could not be loaded.')}</p>;
  else if (trip.data.viewerRole && trip.data.viewerRole !== 'guest')
    body = <p data-testid="not-changeable">Only the trip's guest can ask to change it. <Link to={back}>Back to the trip</Link></p>;
  else if (trip.data.status === 'modification_pending')
    body = <p data-testid="not-changeable">This trip already has a change request waiting for an answer. <Link to={back}>Back to the trip</Link></p>;
  else if (trip.data.status !== 'confirmed')
    body = <p data-testid="not-changeable">Only a confirmed trip that has not started can be changed. <Link to={back}>Back to the trip</Link></p>;
  else body = <ModifyForm trip={trip.data} />;
  return (
    <main id="main" className="page page--narrow" data-testid="update-trip">
      <h1>Change your trip</h1>
      {trip.data?.carName && <p className="muted">{trip.data.carName}</p>}
      {body}
    </main>
  );
}
