import { useRef, useState } from 'react';
import { CarPhoto } from '@/components/car-photo';
import { FavouriteButton } from '@/components/favourite-button';
import { Skeleton } from '@/components/skeleton';
import type { TripRange } from '@/lib/dates';
import { money, moneyShort, rating } from '@/lib/format';
import { carUrl } from '@/lib/links';
import type { CarCard, PriceDetails } from '@/api/types';

/**
 * The price a car leads with, on its card and on its map pin alike (one number per car): the
 * daily price, or "$X / month" for long-term. The trip's total is the card's second line.
 */
export function priceLabel(car: CarCard, price: PriceDetails | undefined, longTerm: boolean): string {
  if (longTerm) {
    const month = price?.finalPricePerMonth ?? car.monthlyPrice;
    return `${moneyShort(month)} / month`;
  }
  return `${moneyShort(car.dailyPrice)}/day`;
}

export function ratingText(car: CarCard, mobile: boolean): string {
  if (car.totalRating > 0) return rating(car.totalRating);
  if (mobile) return '5.0';
  return car.tripCount > 0 ? 'Not Rated Yet' : 'New Listing';
}

const SWIPE_PX = 50;

type Props = {
  car: CarCard;
  range: TripRange;
  price?: PriceDetails;
  priceLoading: boolean;
  longTerm: boolean;
  mobile: boolean;
  onHover: (id: string | null) => void;
  eager?: boolean;
};

export function ResultCard({ car, range, price, priceLoading, longTerm, mobile, onHover, eager }: Props) {
  const photos = (car.photoUrls?.length ? car.photoUrls : [car.primaryPhotoUrl]).filter(Boolean);
  const [photo, setPhoto] = useState(0);
  const touchX = useRef<number | null>(null);
  const name = `${car.carYear} ${car.make} ${car.model}`;
  const dots = Math.min(3, photos.length);

  return (
    <li className="result" onMouseEnter={() => onHover(car._id)} onMouseLeave={() => onHover(null)} onFocus={() => onHover(car._id)} onBlur={() => onHover(null)} data-testid="result-card" data-car-id={car._id}>
      <div
        className="result__photo"
        onTouchStart={(e) => (touchX.current = e.touches[0].clientX)}
        onTouchEnd={(e) => {
          if (touchX.current === null) return;
          const dx = e.changedTouches[0].clientX - touchX.current;
          touchX.current = null;
          if (Math.abs(dx) < SWIPE_PX) return;
          setPhoto((p) => (dx < 0 ? Math.min(photos.length - 1, p + 1) : Math.max(0, p - 1)));
        }}
      >
        <CarPhoto src={photos[photo]} alt={name} eager={eager} />
        {dots > 1 && (
          <div className="result__dots">
            {Array.from({ length: dots }, (_, i) => (
              <button key={i} type="button" className={`dot ${Math.min(photo, dots - 1) === i ? 'is-active' : ''}`} aria-label={`Photo ${i + 1} of ${photos.length}`} aria-pressed={Math.min(photo, dots - 1) === i} onClick={() => setPhoto(i)} />
            ))}
          </div>
        )}
        <FavouriteButton carId={car._id} initial={car.isFav} carName={name} className="result__fav" />
      </div>
      <a className="result__body" href={carUrl(car._id, range)} target="_blank" rel="noopener" data-testid="result-link">
        <h3 className="result__title">{name}</h3>
        <p className="result__meta">
          <span>★ {ratingText(car, mobile)}</span>
          {car.tripCount > 0 && <span> • {car.tripCount} trips</span>}
          <span> · {car.distance.toFixed(1)} mi</span>
        </p>
        {car.specialFeature && <p className="result__feature">{car.specialFeature}</p>}
        <div className="result__price" aria-live="off">
          <strong data-testid="price-label">{priceLabel(car, price, longTerm)}</strong>
          <span className="result__total" data-testid="price-total">
            {longTerm ? null : price ? `${money(price.finalPriceBeforeTax)} total before taxes${price.protectionPlanType ? `, ${price.protectionPlanType} protection included` : ''}` : priceLoading ? <Skeleton className="skeleton--inline" /> : '\u00a0'}
          </span>
        </div>
      </a>
    </li>
  );
}
