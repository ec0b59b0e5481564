import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { logCarViewed } from '@/lib/activity';
import { useSession } from '@/lib/auth';
import { from24h, normaliseRange, to24h, type TripRange } from '@/lib/dates';
import { rating } from '@/lib/format';
import { useIsMobile } from '@/lib/use-debounced';
import { CarsMap } from '@/components/map/lazy-map';
import { FavouriteButton } from '@/components/favourite-button';
import { Skeleton } from '@/components/skeleton';
import { Stars } from '@/components/stars';
import { useAuthPrompt } from '@/lib/auth';
import { useCar } from '@/api/get-car';
import { useTripPrice } from '../api/get-trip-price';
import { useBlockedDates } from '../api/get-blocked-dates';
import { CarGallery } from '../components/car-gallery';
import { Description, Extras, Features } from '../components/car-info';
import { Reviews } from '../components/reviews';
import { BookingPanel } from '../components/booking-panel';
import { ReportModal } from '../components/report-modal';
import { PickupLocation, type Delivery } from '../components/pickup-location';
import { HostCard } from '../components/host-card';
import { useBookingGate } from '../components/use-booking-gate';
import { AlternativesPanel } from '../components/alternatives';
import { CAR_MAP, carMapCentre, carMarkerAt } from '../lib/map-view';

const REPORT_FLAG = 'reportAfterLogin';

/** `ev` is shown as Electric (spec 000 section 2.3); other fuel types capitalised. */
export function fuelLabel(gasType: string): string {
  if (gasType === 'ev') return 'Electric';
  return gasType ? gasType.charAt(0).toUpperCase() + gasType.slice(1) : '';
}

/** Dates and times of the car URL; times may be 24-hour (the page writes them so). */
export function rangeFromUrl(q: URLSearchParams): TripRange {
  return normaliseRange({
    fromDate: q.get('fromDate') ?? undefined,
    untilDate: q.get('untilDate') ?? undefined,
    fromTime: from24h(q.get('fromTime')) ?? undefined,
    untilTime: from24h(q.get('untilTime')) ?? undefined,
  }).range;
}

export default function CarRoute() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const session = useSession();
  const prompt = useAuthPrompt();
  const [range, setRangeState] = useState<TripRange>(() => rangeFromUrl(params));
  const [months, setMonths] = useState<{ year: number; month: number }[]>([]);
  const [reporting, setReporting] = useState(false);
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const car = useCar(id);
  const blocked = useBlockedDates(id, months);
  const price = useTripPrice(id, range, car.isSuccess);
  const gate = useBookingGate(id, range, delivery);

  useEffect(() => {
    if (car.error instanceof ApiError && car.error.status === 404) navigate('/404', { replace: true });
  }, [car.error, navigate]);

  // The car viewed event (spec 000 section 7), once per car shown.
  const viewed = useRef<string | null>(null);
  const shown = car.data ? id : null;
  useEffect(() => {
    if (!shown || viewed.current === shown) return;
    viewed.current = shown;
    logCarViewed(shown);
  }, [shown]);

  useEffect(() => {
    document.title = car.data ? `${car.data.carYear} ${car.data.make} ${car.data.model} | Car Details` : 'Car Details';
  }, [car.data]);

  // The address bar follows the chosen dates and times, in 24-hour form.
  const setRange = (r: TripRange) => {
    setRangeState(r);
    gate.clearAlternatives();
    const next = new URLSearchParams(params);
    next.set('fromDate', r.fromDate);
    next.set('fromTime', to24h(r.fromTime) ?? '10:00');
    next.set('untilDate', r.untilDate);
    next.set('untilTime', to24h(r.untilTime) ?? '10:00');
    setParams(next, { replace: true });
  };

  const onVisibleMonths = useCallback((m: { year: number; month: number }[]) => {
    setMonths((prev) => (JSON.stringify(prev) === JSON.stringify(m) ? prev : m));
  }, []);
  const isBlocked = useCallback((ymd: string) => blocked.has(ymd), [blocked]);

  const flag = () => {
    if (session) return setReporting(true);
    sessionStorage.setItem(REPORT_FLAG, 'true');
    prompt.open('login', {
      onSuccess: () => {
        sessionStorage.removeItem(REPORT_FLAG);
        setReporting(true);
      },
      onClose: () => sessionStorage.removeItem(REPORT_FLAG),
    });
  };

  const photos = useMemo(() => {
    const c = car.data;
    if (!c) return [];
    const list = [c.primaryPhotoUrl, ...(c.photoUrls ?? [])].filter(Boolean);
    return [...new Set(list)];
  }, [car.data]);

  if (car.isPending)
    return (
      <main id="main" className="car-page" aria-busy="true">
        <h1 className="sr-only">Car Details</h1>
        <Skeleton className="skeleton--hero" />
        <Skeleton className="skeleton--line" />
      </main>
    );
  if (car.isError || !car.data)
    return (
      <main id="main" className="page page--narrow">
        <h1>Car Details</h1>
        <p role="alert">This car could not be loaded. Please try again.</p>
      </main>
    );

  const c = car.data;
  const name = `${c.carYear} ${c.make} ${c.model}`;
  const marker = carMarkerAt(c);
  return (
    <main id="main" className="car-page">
      <CarGallery photos={photos} name={name} />
      <div className="car-page__grid">
        <div className="car-page__content">
          <div className="car-head">
            <h1>
              {name} {c.trim && <span className="muted">{c.trim}</span>}
            </h1>
            <FavouriteButton carId={c._id} initial={c.isFav} carName={name} />
          </div>
          <p className="car-head__meta">
            {c.totalRating > 0 && c.ratingCount > 0 && (
              <span>
                <Stars value={c.totalRating} /> {rating(c.totalRating)} ({c.ratingCount})
              </span>
            )}
            {c.tripCount > 0 && <span> · {c.tripCount} trips</span>}
          </p>
          <ul className="specs">
            <li>{c.doors} doors</li>
            <li>{fuelLabel(c.gasType)}</li>
            <li>{c.seats} seats</li>
          </ul>
          <HostCard hostId={c.ownerId} />
          <Description text={c.carDetails} />
          <Features features={c.features ?? []} />
          <Extras extras={c.extras ?? []} />
          <Reviews carId={c._id} />
          <section className="car-section" aria-labelledby="location-title">
            <h2 id="location-title">Location</h2>
            <CarsMap center={carMapCentre(c)} zoom={CAR_MAP.zoom} markers={marker ? [{ id: c._id, ...marker, label: c.address.city || 'Car' }] : []} className="car-page__map" ariaLabel="Map of the car's location" address={[c.address.street, c.address.city, c.address.state].filter(Boolean).join(', ')} />
          </section>
          <PickupLocation car={c} onChange={setDelivery} />
        </div>
        <BookingPanel
          car={c}
          range={range}
          onRange={setRange}
          price={price}
          isBlocked={isBlocked}
          onVisibleMonths={onVisibleMonths}
          onContinue={gate.proceed}
          busy={gate.busy}
          onFlag={flag}
          mobile={mobile}
          notice={gate.alternatives && <AlternativesPanel alternatives={gate.alternatives} range={range} onPick={setRange} />}
        />
      </div>
      {reporting && <ReportModal carId={c._id} policy={c.ReportListingPolicy} onClose={() => setReporting(false)} />}
    </main>
  );
}
