import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Modal } from '@/components/modal';
import { CardSkeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/format';
import { usePendingListings, useReviewListing, type PendingListing } from '../api/pending-listings';
import { pageParam } from '../lib/ranges';

/** The server's limit on a rejection's reason. */
const MAX_REASON = 1000;

const titleOf = (c: PendingListing) => [c.carYear, c.make, c.model, c.trim].filter(Boolean).join(' ') || 'A car';
const placeOf = (c: PendingListing) => [c.address?.street, c.address?.city, c.address?.state, c.address?.zip].filter(Boolean).join(', ');
const dateOf = (iso?: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

function RejectDialog({ car, onClose }: { car: PendingListing; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const review = useReviewListing(car._id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return (
    <Modal title="Reject this listing?" onClose={onClose} closeDisabled={review.isPending}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const text = reason.trim();
          if (!text) return setError('Say why, so the host can fix it.');
          if (text.length > MAX_REASON) return setError(`At most ${MAX_REASON} characters.`);
          setError('');
          review.mutate(
            { approve: false, reason: text },
            {
              onSuccess: (a) => {
                toast.show(a.message || 'Listing rejected', 'success');
                onClose();
              },
            },
          );
        }}
      >
        <p>The host reads the reason on their listings and can change the listing through the wizard.</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>
            Reason
          </label>
          <textarea id={`${id}-reason`} className="input" rows={4} value={reason} aria-describedby={`${id}-hint`} onChange={(e) => setReason(e.target.value)} />
          <p className="field__hint" id={`${id}-hint`}>
            {reason.trim().length} / {MAX_REASON} characters
          </p>
        </div>
        {(error || review.isError) && (
          <p className="form__error" role="alert">
            {error || errorMessage(review.error, 'The listing could not be rejected. Please try again.')}
          </p>
        )}
        <div className="calendar__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={review.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={review.isPending}>
            {review.isPending ? 'Rejecting…' : 'Reject listing'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ListingCard({ car }: { car: PendingListing }) {
  const toast = useToast();
  const review = useReviewListing(car._id);
  const [rejecting, setRejecting] = useState(false);
  const title = titleOf(car);
  return (
    <li className="card admin-listing" data-testid="pending-listing" data-car-id={car._id}>
      <CarPhoto src={car.primaryPhotoUrl ?? car.photoUrls[0]} alt={title} />
      <div>
        <h2 className="card__title">{title}</h2>
        <dl className="admin-listing__facts">
          <dt>Submitted</dt>
          <dd>{dateOf(car.submittedAt)}</dd>
          <dt>Where</dt>
          <dd>{placeOf(car) || '—'}</dd>
          <dt>VIN</dt>
          <dd>{car.vin || '—'}</dd>
          <dt>Plate</dt>
          <dd>{[car.licensePlate, car.state].filter(Boolean).join(' · ') || '—'}</dd>
          <dt>Daily price</dt>
          <dd>{car.dailyPrice != null ? money(car.dailyPrice) : '—'}</dd>
          <dt>Odometer</dt>
          <dd>{car.odometer || '—'}</dd>
          <dt>Features</dt>
          <dd>{car.features.length ? car.features.join(', ') : '—'}</dd>
        </dl>
        {car.carDetails && <p className="admin-listing__text">{car.carDetails}</p>}
        {car.photoUrls.length > 1 && (
          <ul className="admin-photos" aria-label={`Photos of the ${title}`}>
            {car.photoUrls.map((u, i) => (
              <li key={u}>
                <a href={u} target="_blank" rel="noopener noreferrer">
                  <img src={u} alt={`Photo ${i + 1}`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {review.isError && (
          <p className="form__error" role="alert">
            {errorMessage(review.error, 'The listing could not be approved. Please try again.')}
          </p>
        )}
        <p className="admin-actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={review.isPending}
            aria-label={`Approve the ${title}`}
            onClick={() => review.mutate({ approve: true }, { onSuccess: (a) => toast.show(a.message || 'Listing approved', 'success') })}
          >
            {review.isPending ? 'Approving…' : 'Approve'}
          </button>
          <button type="button" className="btn btn--outline btn--sm" disabled={review.isPending} aria-label={`Reject the ${title}`} onClick={() => setRejecting(true)}>
            Reject
          </button>
        </p>
      </div>
      {rejecting && <RejectDialog car={car} onClose={() => setRejecting(false)} />}
    </li>
  );
}

/** /admin/listings: finalized listings waiting for review, oldest first; approve or reject with a reason. */
export default function AdminListingsRoute() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const q = usePendingListings(page);
  useEffect(() => {
    document.title = 'Listings to review | Upcar';
  }, []);
  const data = q.data;
  const go = (p: number) => setParams(p > 1 ? { page: String(p) } : {});
  return (
    <main id="main" className="page" data-testid="admin-listings">
      <h1>Listings to review</h1>
      {q.isPending ? (
        <CardSkeleton />
      ) : q.isError ? (
        <p role="alert">{errorMessage(q.error, 'The review queue could not be loaded.')}</p>
      ) : data && data.data.length === 0 ? (
        <p className="muted" data-testid="admin-queue-empty">
          {data.total === 0 ? 'No listings are waiting for review.' : 'Nothing on this page.'}
        </p>
      ) : (
        data && (
          <>
            <p className="muted" data-testid="admin-queue-count">
              {data.total} {data.total === 1 ? 'listing' : 'listings'} waiting, oldest first
            </p>
            <ol className="admin-queue">
              {data.data.map((c) => (
                <ListingCard key={c._id} car={c} />
              ))}
            </ol>
            {data.totalPages > 1 && (
              <nav className="admin-actions" aria-label="Pages">
                <button type="button" className="btn btn--outline btn--sm" disabled={page <= 1} onClick={() => go(page - 1)}>
                  Previous
                </button>
                <span>
                  Page {page} of {data.totalPages}
                </span>
                <button type="button" className="btn btn--outline btn--sm" disabled={page >= data.totalPages} onClick={() => go(page + 1)}>
                  Next
                </button>
              </nav>
            )}
          </>
        )
      )}
    </main>
  );
}
