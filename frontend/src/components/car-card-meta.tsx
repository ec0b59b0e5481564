import { rating } from '@/lib/format';

/** The rating, place and trip count line of a car card. */
export function CarCardMeta({ totalRating, city, state, tripCount }: { totalRating: number; city: string; state: string; tripCount: number }) {
  return (
    <p className="card__meta">
      <span aria-label={`Rated ${rating(totalRating)}`}>★ {rating(totalRating)}</span>
      {' · '}
      {city}, {state}
      {tripCount > 0 && ` • ${tripCount} trips`}
    </p>
  );
}
