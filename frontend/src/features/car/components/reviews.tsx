import { useState } from 'react';
import { Stars } from '@/components/stars';
import { Skeleton } from '@/components/skeleton';
import { useRatings } from '../api/get-ratings';

/** Ratings & Reviews, then the first 4 reviews expandable to all (spec 000 section 2.3). */
export function Reviews({ carId }: { carId: string }) {
  const q = useRatings(carId);
  const [all, setAll] = useState(false);
  if (q.isPending)
    return (
      <section className="car-section" aria-busy="true">
        <h2>Ratings &amp; Reviews</h2>
        <Skeleton className="skeleton--block" />
      </section>
    );
  const r = q.data;
  const reviews = q.isError ? [] : (r?.reviews ?? []);
  const rated = r && r.totalRating > 0 && r.ratingCount > 0;
  const shown = all ? reviews : reviews.slice(0, 4);
  return (
    <>
      <section className="car-section" aria-labelledby="ratings-title">
        <h2 id="ratings-title">Ratings &amp; Reviews</h2>
        {rated ? (
          <div className="ratings">
            <p className="ratings__total">
              <strong>{r.totalRating.toFixed(1)}</strong> <Stars value={r.totalRating} /> <span>({r.ratingCount} ratings)</span>
            </p>
            <dl className="ratings__bars">
              {r.categoryRatings.map((c) => (
                <div key={c.category} className="ratings__bar">
                  <dt>{c.category}</dt>
                  <dd>
                    <progress max={5} value={c.rating} aria-label={`${c.category} ${c.rating.toFixed(1)} of 5`} />
                    <span>{c.rating.toFixed(1)}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ) : (
          <p>No ratings available</p>
        )}
      </section>
      <section className="car-section" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Reviews</h2>
        {reviews.length === 0 ? (
          <p>{q.isError ? 'No reviews yet.' : 'Book this car and be the first to review.'}</p>
        ) : (
          <ul className="reviews" data-testid="reviews">
            {shown.map((v, i) => (
              <li key={`${v.fromUserId}-${v.reviewTime}-${i}`} className="review">
                <a href={`/user-profile/${v.fromUserId}`} className="review__who">
                  {v.reviewerProfilePic ? <img src={v.reviewerProfilePic} alt="" width={36} height={36} className="avatar" /> : <span className="avatar avatar--initial" aria-hidden="true">{v.reviewerName.slice(0, 1)}</span>}
                  <span>{v.reviewerName}</span>
                </a>
                <Stars value={v.stars} />
                <time dateTime={v.reviewTime}>{new Date(v.reviewTime).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}</time>
                <p>{v.review || 'No review message provided.'}</p>
                {v.response && (
                  <blockquote className="review__response">
                    <strong>{v.responserName ?? 'Host'}:</strong> {v.response}
                  </blockquote>
                )}
              </li>
            ))}
          </ul>
        )}
        {reviews.length > 4 && (
          <button type="button" className="link-btn" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'Show fewer reviews' : `Show all ${reviews.length} reviews`}
          </button>
        )}
      </section>
    </>
  );
}
