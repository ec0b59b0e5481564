import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { Stars } from '@/components/stars';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { useHostReviews, useRespondToReview, type HostReview } from '../api/host-reviews';
import { Pager } from '../components/pager';
import { parsePage } from '../lib/pagination';

export const MAX_RESPONSE = 1000;
const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function ReplyForm({ review, onDone }: { review: HostReview; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const [text, setText] = useState(review.response ?? '');
  const [error, setError] = useState<string | null>(null);
  const m = useRespondToReview();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return setError('Write a reply first.');
    if (t.length > MAX_RESPONSE) return setError('A reply is at most 1,000 characters.');
    setError(null);
    m.mutate(
      { ratingId: review.ratingId, message: t },
      {
        onSuccess: (a) => {
          toast.show(a.message || 'Reply posted', 'success');
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Your reply could not be posted.')),
      },
    );
  };
  return (
    <form className="form host-reply" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reply`}>
          Your reply to {review.reviewerName}
        </label>
        <textarea id={`${id}-reply`} className="input" rows={3} maxLength={MAX_RESPONSE} value={text} onChange={(e) => setText(e.target.value)} />
        <p className="field__hint">
          {text.trim().length} / {MAX_RESPONSE}
        </p>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="host-actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary btn--sm" disabled={m.isPending}>
          {m.isPending ? 'Posting…' : 'Post reply'}
        </button>
      </div>
    </form>
  );
}

function ReviewItem({ review }: { review: HostReview }) {
  const [replying, setReplying] = useState(false);
  const d = new Date(review.reviewTime);
  return (
    <li className="review panel" data-testid="host-review">
      <div className="review__who">
        <strong>{review.reviewerName}</strong>
        <span className="muted"> on {review.carName}</span>
        {!Number.isNaN(d.getTime()) && <span className="muted"> · {DATE.format(d)}</span>}
      </div>
      <Stars value={review.stars} />
      {review.review && <p className="prewrap">{review.review}</p>}
      {review.response && !replying && (
        <div className="review__response" data-testid="review-response">
          <strong>Response from {review.responserName || 'you'}</strong>
          <p className="prewrap">{review.response}</p>
        </div>
      )}
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setReplying(true)}>
          {review.response ? 'Edit reply' : 'Reply'}
        </button>
      )}
    </li>
  );
}

/** /host/reviews: what guests wrote of the host's cars, the average and counts, and the host's replies. */
export default function ReviewsRoute() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const reviews = useHostReviews(page);
  useEffect(() => {
    document.title = 'Reviews | Upcar';
  }, []);
  const r = reviews.data?.data;
  return (
    <main id="main" className="page page--narrow host-page">
      <h1>Reviews</h1>
      {reviews.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : reviews.isError ? (
        <p role="alert">{errorMessage(reviews.error, 'Your reviews could not be loaded.')}</p>
      ) : (
        r && (
          <>
            <div className="panel host-review-summary" data-testid="review-summary">
              <p className="host-big">{r.reviewCount ? r.averageRating.toFixed(1) : '—'}</p>
              {r.reviewCount > 0 && <Stars value={r.averageRating} size={18} />}
              <p>
                {r.reviewCount === 1 ? '1 review' : `${r.reviewCount} reviews`}
                {r.unanswered > 0 && <span className="muted"> · {r.unanswered} without a reply</span>}
              </p>
            </div>
            {r.reviews.length === 0 ? (
              <p className="empty">No reviews yet.</p>
            ) : (
              <ul className="reviews host-reviews" aria-label="Reviews of your cars">
                {r.reviews.map((x) => (
                  <ReviewItem key={x.ratingId} review={x} />
                ))}
              </ul>
            )}
            <Pager page={page} totalPages={r.numPages} label="Pages of reviews" onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
          </>
        )
      )}
    </main>
  );
}
