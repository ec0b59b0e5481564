import { CarCardMeta } from '@/components/car-card-meta';
import { CarPhoto } from '@/components/car-photo';
import { FavouriteButton } from '@/components/favourite-button';
import { CardSkeleton } from '@/components/skeleton';
import { homeCardRange } from '@/lib/dates';
import { money } from '@/lib/format';
import { carUrl } from '@/lib/links';
import { useMediaQuery } from '@/lib/use-debounced';
import { useStaticCars } from '../api/get-static-cars';

/** 15 cards under 640 px, 7 at 1024 px and wider, else 8 (spec 000 section 2.1). */
export function cardsForWidth(small: boolean, wide: boolean): number {
  if (small) return 15;
  if (wide) return 7;
  return 8;
}

export function HandpickedCars() {
  const small = useMediaQuery('(max-width: 639.98px)');
  const wide = useMediaQuery('(min-width: 1024px)');
  const cars = useStaticCars();
  const range = homeCardRange();
  const count = cardsForWidth(small, wide);
  // A failed list is silently empty (spec 000 section 8).
  const list = (cars.data ?? []).slice(0, count);

  return (
    <section className="section" aria-labelledby="handpicked-title">
      <h2 id="handpicked-title" className="section__title">
        Handpicked Cars
      </h2>
      {cars.isPending ? (
        <div className="grid grid--cards" role="status" aria-busy="true" aria-label="Loading cars">
          {Array.from({ length: 15 }, (_, i) => (
            <CardSkeleton key={i} testId="home-skeleton" />
          ))}
        </div>
      ) : (
        <ul className="grid grid--cards" data-testid="handpicked-grid">
          {list.map((c, i) => (
            <li key={c.id} className="card">
              <a className="card__link" href={carUrl(c.id, range)} target="_blank" rel="noopener" data-testid="home-card">
                <CarPhoto src={c.photoUrl} alt={c.name} eager={i < 4} />
                <div className="card__body">
                  <h3 className="card__title">{c.name}</h3>
                  <CarCardMeta totalRating={c.totalRating} city={c.address.city} state={c.address.state} tripCount={c.tripCount} />
                  {c.specialFeature && <p className="card__feature">{c.specialFeature}</p>}
                  <p className="card__price">{money(c.dailyprice)}/day</p>
                </div>
              </a>
              <FavouriteButton carId={c.id} initial={c.isFav} carName={c.name} className="card__fav" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
