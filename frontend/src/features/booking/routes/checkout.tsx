import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Field } from '@/components/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuthPrompt, useSession } from '@/lib/auth';
import { combine, formatDateTime } from '@/lib/dates';
import { userIdOf } from '@/lib/session';
import { useCar } from '@/api/get-car';
import { useProtectionPlans } from '@/api/get-protection-plans';
import { useFinalTripPrice, type FinalPriceRequest } from '../api/get-final-trip-price';
import { rentalOf, usePlanPrices } from '../api/get-plan-prices';
import { useValidateCoupon } from '../api/validate-coupon';
import { useCreateTrip } from '../api/create-trip';
import { ProtectionPlanPicker } from '../components/protection-plan-picker';
import { ExtrasPicker } from '../components/extras-picker';
import { PaymentForm } from '../components/payment-form';
import { PriceSummary } from '../components/price-summary';

/** Booking refusals that new licence details answer (trips' driver eligibility). */
const LICENSE_REFUSALS = new Set(['license_expires_before_trip_ends', 'verification_required']);

const DEFAULT_AGE = 25;

function newKey(): string {
  return crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** /checkout?carId&startDate&endDate&startTime&endTime: plan, extras, coupon, payment, Book. */
export default function CheckoutRoute() {
  const [q] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const prompt = useAuthPrompt();
  const carId = q.get('carId') ?? '';
  const trip = { startDate: q.get('startDate') ?? '', endDate: q.get('endDate') ?? '', startTime: q.get('startTime') ?? '', endTime: q.get('endTime') ?? '' };
  const userId = userIdOf(session?.user) ?? '';
  const pickLat = Number(q.get('pickUpLatitude'));
  const pickLng = Number(q.get('pickUpLongitude'));
  const pickAddress = q.get('pickUpAddress') ?? '';
  const hasDelivery = q.has('pickUpLatitude') && Number.isFinite(pickLat) && Number.isFinite(pickLng);
  const car = useCar(carId);
  const plans = useProtectionPlans();
  // Standard is preselected on checkout (spec 002 section 4).
  const [plan, setPlan] = useState('Standard');
  const [extras, setExtras] = useState<string[]>([]);
  const [couponText, setCouponText] = useState('');
  const [coupon, setCoupon] = useState<string | undefined>();
  const [couponMsg, setCouponMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const [idempotencyKey] = useState(newKey);
  const validate = useValidateCoupon();
  const create = useCreateTrip(idempotencyKey);

  useEffect(() => {
    document.title = 'Checkout | Upcar';
  }, []);

  useEffect(() => {
    if (!session) prompt.open('login', { onClose: () => navigate(-1) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(session)]);

  const body: FinalPriceRequest = useMemo(
    () => ({
      carId,
      newStartDate: trip.startDate,
      newStartTime: trip.startTime,
      newEndDate: trip.endDate,
      newEndTime: trip.endTime,
      age: DEFAULT_AGE,
      extras: (car.data?.extras ?? []).filter((x) => extras.includes(x.extraId)).map((x) => ({ extraType: x.extraType, extraId: x.extraId, quantity: 1 as const })),
      protectionPlanType: plan,
      couponCode: coupon,
      pickUpLocation: hasDelivery ? { latitude: pickLat, longitude: pickLng, address: pickAddress } : undefined,
    }),
    [carId, trip.startDate, trip.startTime, trip.endDate, trip.endTime, car.data, extras, plan, coupon, hasDelivery, pickLat, pickLng, pickAddress],
  );
  const price = useFinalTripPrice(body, Boolean(session && car.data && carId));
  const planPrices = usePlanPrices((plans.data ?? []).map((p) => p.name).filter((n) => n !== 'Decline'), session ? rentalOf(price.data) : null);
  const onCardReady = useCallback((r: boolean) => setCardReady(r), []);

  if (!carId || !trip.startDate || !trip.endDate)
    return (
      <main id="main" className="page page--narrow">
        <h1>Checkout</h1>
        <p>Choose a car and dates first.</p>
        <Link to="/search">Search cars</Link>
      </main>
    );

  const start = combine(trip.startDate, trip.startTime);
  const end = combine(trip.endDate, trip.endTime);
  const applyCoupon = async () => {
    setCouponMsg(null);
    try {
      const r = await validate.mutateAsync(couponText.trim());
      if (r.valid === false) return setCouponMsg({ ok: false, text: r.message || 'Invalid coupon' });
      setCoupon(couponText.trim());
      setCouponMsg({ ok: true, text: r.message || 'Coupon applied' });
    } catch (e) {
      setCouponMsg({ ok: false, text: errorMessage(e, 'Invalid coupon') });
    }
  };

  const book = () => {
    if (!price.data || price.isPlaceholderData) return;
    create.mutate(
      { ...body, quoteId: price.data.quoteId, userId, finalPrice: price.data.finalPrice },
      {
        onSuccess: (r) => {
          const tripId = r.data.tripId || r.data._id;
          navigate(tripId ? `/bookings?tripId=${encodeURIComponent(tripId)}` : '/bookings');
        },
      },
    );
  };

  return (
    <main id="main" className="page">
      <h1>Checkout</h1>
      <div className="checkout">
        <div className="steps">
          <section className="panel" aria-labelledby="trip-title">
            <h2 id="trip-title">Your trip</h2>
            {car.data ? (
              <div className="featured__box">
                <CarPhoto src={car.data.primaryPhotoUrl} alt={`${car.data.carYear} ${car.data.make} ${car.data.model}`} />
                <div>
                  <p>
                    <strong>
                      {car.data.carYear} {car.data.make} {car.data.model}
                    </strong>
                  </p>
                  <p>
                    {start ? formatDateTime(start) : trip.startDate} – {end ? formatDateTime(end) : trip.endDate}
                  </p>
                  <p className="muted" data-testid="pickup">
                    {hasDelivery ? `Delivered to ${pickAddress}` : `Pickup at the car: ${car.data.address.city}, ${car.data.address.state}`}
                  </p>
                </div>
              </div>
            ) : car.isError ? (
              <p role="alert">This car could not be loaded.</p>
            ) : (
              <p aria-busy="true">Loading…</p>
            )}
          </section>
          {plans.isError ? <p role="alert">Failed to fetch protection plans</p> : <ProtectionPlanPicker plans={plans.data ?? []} value={plan} onChange={setPlan} prices={planPrices} />}
          <ExtrasPicker extras={car.data?.extras ?? []} selected={extras} onChange={setExtras} />
          <section className="panel" aria-labelledby="coupon-title">
            <h2 id="coupon-title">Coupon</h2>
            <form
              className="hero__form--ai"
              style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'end' }}
              onSubmit={(e) => {
                e.preventDefault();
                if (couponText.trim()) void applyCoupon();
              }}
            >
              <Field id="coupon" label="Coupon code">
                <input id="coupon" className="input" value={couponText} onChange={(e) => setCouponText(e.target.value)} />
              </Field>
              <button className="btn btn--outline" type="submit" disabled={!couponText.trim() || validate.isPending}>
                Apply
              </button>
            </form>
            {couponMsg && (
              <p role="status" className={couponMsg.ok ? 'form__success' : 'form__error'}>
                {couponMsg.text}
              </p>
            )}
          </section>
          {userId && <PaymentForm userId={userId} onReady={onCardReady} />}
        </div>
        <div className="steps">
          <PriceSummary price={price.data} loading={price.isFetching} error={price.isError ? errorMessage(price.error, 'An unexpected error occurred. Please try again later.') : null} />
          {create.isError && (
            <p className="form__error" role="alert" data-testid="book-error">
              {errorMessage(create.error, 'Booking failed. Please try again.')}
              {create.error instanceof ApiError && LICENSE_REFUSALS.has(create.error.code) && (
                <>
                  {' '}
                  <Link to={`/verification/prebook?${q}`}>Update your licence details</Link>
                </>
              )}
            </p>
          )}
          <button type="button" className="btn btn--primary btn--block" data-testid="book" disabled={!price.data || price.isFetching || !cardReady || create.isPending || car.data?.isOwnCar} onClick={book}>
            {create.isPending ? 'Booking...' : car.data?.isOwnCar ? 'You can not book your own car' : 'Book'}
          </button>
          {!cardReady && <p className="muted">Add a payment method to book.</p>}
        </div>
      </div>
    </main>
  );
}
