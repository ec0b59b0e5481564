import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';
import { useAcceptIncidentals } from '../api/accept-incidentals';
import { useIncidentals } from '../api/get-incidentals';
import { useTrip } from '@/api/get-trip';
import { useSession } from '@/lib/auth';
import { CarePage } from '../components/care-page';
import '../trip-care.css';

const STATUS: Record<string, string> = { pending: 'Pending', paid: 'Paid', removed: 'Removed' };

/** /trip/incidentals?tripId=: what the host charged after the trip, and accepting it with the price to pay. */
export default function IncidentalsRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  return (
    <CarePage title="Incidentals" documentTitle="Incidentals" tripId={tripId} testId="trip-incidentals">
      <Incidentals tripId={tripId} />
    </CarePage>
  );
}

function Incidentals({ tripId }: { tripId: string }) {
  const list = useIncidentals(tripId);
  // Asked only when signed in (the call needs the token).
  const session = useSession();
  const trip = useTrip(tripId, { enabled: Boolean(tripId && session) });
  const accept = useAcceptIncidentals();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const priceToPay = list.data?.priceToPay ?? 0;
  // One key per total shown: a retried click replays the first answer; a new total is a new charge.
  const key = useMemo(() => `incidentals-${tripId}-${priceToPay}-${crypto.randomUUID()}`, [tripId, priceToPay]);
  const tz = trip.data?.timeZone;

  if (list.isPending) return <Skeleton className="skeleton--block" />;
  if (list.isError) return <p role="alert">{errorMessage(list.error, 'The incidentals could not be loaded.')}</p>;
  const { incidentals, paidTotal } = list.data;

  const confirm = () => {
    setDone(null);
    accept.mutate(
      { tripId, priceToPay, idempotencyKey: key },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setDone(r.message || 'Incidentals accepted.');
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      {incidentals.length === 0 ? (
        <p className="empty" data-testid="no-incidentals">
          No incidentals on this trip.
        </p>
      ) : (
        <ul className="trip-care__incidentals" aria-label="Incidentals">
          {incidentals.map((i) => (
            <li key={i.incidentalId} className="panel" data-testid="incidental">
              <div className="trip-care__row">
                <h2>{i.label || i.type.replace(/_/g, ' ')}</h2>
                <span className={`tag tag--${i.status}`}>{STATUS[i.status] ?? i.status}</span>
              </div>
              <p className="muted">Type: {i.type.replace(/_/g, ' ')}</p>
              {i.description && <p>{i.description}</p>}
              {i.charges.length > 0 && (
                <table className="breakdown">
                  <tbody>
                    {i.charges.map((c, n) => (
                      <tr key={n}>
                        <th scope="row">{c.label}</th>
                        <td>{money(c.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <p>
                Price: <strong>{money(i.total)}</strong>
              </p>
              <p className="muted">
                Added {formatInTimeZone(i.createdAt, tz)}
                {i.paidAt && ` · paid ${formatInTimeZone(i.paidAt, tz)}`}
              </p>
              {i.photoUrls.length > 0 && (
                <ul className="trip-care__gallery" aria-label={`Photos of ${i.label}`}>
                  {i.photoUrls.map((u, n) => (
                    <li key={u}>
                      <a href={u} target="_blank" rel="noreferrer">
                        <img src={u} alt={`${i.label}, photo ${n + 1}`} width={120} height={90} loading="lazy" />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {i.status === 'pending' && (
                <Link to={`/trip/photos/incidence/${encodeURIComponent(i.type)}?tripId=${encodeURIComponent(tripId)}`}>Add photos</Link>
              )}
            </li>
          ))}
        </ul>
      )}

      <section className="panel trip-care__pay" aria-labelledby="pay-title">
        <h2 id="pay-title">To pay</h2>
        <p>
          Price to pay: <strong data-testid="price-to-pay">{money(priceToPay)}</strong>
        </p>
        {paidTotal > 0 && <p className="muted">Already paid: {money(paidTotal)}</p>}
        {accept.isError && (
          <p className="form__error" role="alert" data-testid="accept-error">
            {errorMessage(accept.error, 'Failed to accept incidentals.')}
          </p>
        )}
        {done && (
          <p className="form__success" role="status" data-testid="accept-done">
            {done}
          </p>
        )}
        <button type="button" className="btn btn--primary" disabled={priceToPay <= 0 || accept.isPending} onClick={() => setConfirming(true)}>
          Accept and pay {priceToPay > 0 ? money(priceToPay) : ''}
        </button>
      </section>

      {confirming && (
        <Modal title="Accept incidentals" onClose={() => setConfirming(false)} closeDisabled={accept.isPending} size="sm">
          <p>
            Your card on file is charged <strong>{money(priceToPay)}</strong> for every pending incidental.
          </p>
          <div className="trip-care__actions">
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={accept.isPending}>
              {accept.isPending ? 'Paying…' : `Pay ${money(priceToPay)}`}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setConfirming(false)} disabled={accept.isPending}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
