import { useEffect, useRef } from 'react';
import { CarCardMeta } from '@/components/car-card-meta';
import { CarPhoto } from '@/components/car-photo';
import { CardSkeleton } from '@/components/skeleton';
import { homeCardRange } from '@/lib/dates';
import { money } from '@/lib/format';
import { carUrl } from '@/lib/links';
import { OWNER_PAGE_SIZE, useOwnerCars } from '../api/get-owner-cars';

/** "{n} Vehicles": the host's listed cars, 6 first and 6 more each time the end of the grid
 * scrolls into view (a button does the same for keyboards and when observing is unavailable). */
export function VehiclesGrid({ ownerId }: { ownerId: string }) {
  const cars = useOwnerCars(ownerId);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cars;

  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (cars.isPending)
    return (
      <section className="car-section" aria-busy="true" aria-label="Loading vehicles">
        <div className="grid grid--cards">
          {Array.from({ length: OWNER_PAGE_SIZE }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      </section>
    );
  // A failed list shows its message; a host without listed cars shows nothing.
  if (cars.isError)
    return (
      <section className="car-section">
        <p role="alert">Failed to fetch vehicles</p>
      </section>
    );
  const list = cars.data.pages.flatMap((p) => p.data);
  const total = cars.data.pages[0]?.total ?? 0;
  if (total === 0) return null;
  const range = homeCardRange();
  return (
    <section className="car-section" aria-labelledby="vehicles-title">
      <h2 id="vehicles-title">
        {total} {total === 1 ? 'Vehicle' : 'Vehicles'}
      </h2>
      <ul className="grid grid--cards" data-testid="vehicles-grid">
        {list.map((c) => {
          const name = `${c.carYear} ${c.make} ${c.model}`;
          return (
            <li key={c._id} className="card" data-testid="vehicle-card">
              <CarPhoto src={c.primaryPhotoUrl} alt={name} />
              <div className="card__body">
                <h3 className="card__title">{name}</h3>
                <CarCardMeta totalRating={c.totalRating} city={c.address.city} state={c.address.state} tripCount={c.tripCount} />
                <p className="card__price">{money(c.dailyPrice)}/day</p>
                <a className="btn btn--outline btn--sm" href={carUrl(c._id, range)} aria-label={`View details of the ${name}`}>
                  View Details
                </a>
              </div>
            </li>
          );
        })}
      </ul>
      <div ref={end} aria-hidden="true" />
      {hasNextPage && (
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading…' : 'Show more vehicles'}
        </button>
      )}
    </section>
  );
}
