import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/format';
import { useAcceptIncidentals } from '../api/accept-incidentals';
import { useDisputeIncidentals } from '../api/dispute-incidentals';
import { useIncidentals } from '../api/get-incidentals';
import { useTrip } from '@/api/get-trip';
import type { Trip } from '@/api/types';
import { useSession } from '@/lib/auth';
import { CarePage } from '../components/care-page';
import { HostIncidentals } from '../components/host-incidentals';
import { IncidentalCard } from '../components/incidental-card';
import { INCIDENTAL_MESSAGES, MAX_DISPUTE_REASON } from '../lib/incidentals';
import '../trip-care.css';

/**
 * /trip/incidentals?tripId=: for the guest, what the host charged and accepting it with the price
 * to pay; for the car's host, what was charged, removing pending ones and adding more.
 */
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
  // Asked only when signed in (the call needs the token). The trip says whose page this is.
  const session = useSession();
  const trip = useTrip(tripId, { enabled: Boolean(tripId && session) });
  if (trip.isPending) return <Skeleton className="skeleton--block" />;
  if (trip.isError) return <p role="alert">{errorMessage(trip.error, 'This trip could not be loaded.')}</p>;
  // The car's host (a co-host reads the host's side) and support charge; the guest accepts and pays.
  if (trip.data.viewerRole === 'host' || trip.data.viewerRole === 'admin') return <HostIncidentals trip={trip.data} />;
  return <GuestIncidentals trip={trip.data} />;
}

/** The guest's side: what the host charged, and accepting it with the price to pay. */
function GuestIncidentals({ trip }: { trip: Trip }) {
  const tripId = trip.tripId;
  const list = useIncidentals(tripId, 'guest');
  const accept = useAcceptIncidentals();
  const dispute = useDisputeIncidentals(tripId);
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState<{ id: string; label: string } | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const priceToPay = list.data?.priceToPay ?? 0;
  // One key per total shown: a retried click replays the first answer; a new total is a new charge.
  const key = useMemo(() => `incidentals-${tripId}-${priceToPay}-${crypto.randomUUID()}`, [tripId, priceToPay]);
  const tz = trip.timeZone;

  if (list.isPending) return <Skeleton className="skeleton--block" />;
  if (list.isError) return <p role="alert">{errorMessage(list.error, 'The incidentals could not be loaded.')}</p>;
  const { incidentals, paidTotal } = list.data;

  const sendDispute = () => {
    if (!disputing || !reason.trim()) return;
    setDone(null);
    dispute.mutate(
      { incidentalIds: [disputing.id], reason: reason.trim() },
      {
        onSuccess: (r) => {
          setDisputing(null);
          setReason('');
          setDone(r.message || 'Disputed.');
        },
      },
    );
  };

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
            <IncidentalCard
              key={i.incidentalId}
              incidental={i}
              tripId={tripId}
              timeZone={tz}
              action={
                i.status === 'pending' ? (
                  <button type="button" className="btn btn--outline" onClick={() => setDisputing({ id: i.incidentalId, label: i.label })}>
                    Dispute
                  </button>
                ) : undefined
              }
            />
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
            {errorMessage(accept.error, INCIDENTAL_MESSAGES.acceptFailed)}
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

      {disputing && (
        <Modal title={`Dispute ${disputing.label}`} onClose={() => setDisputing(null)} closeDisabled={dispute.isPending} size="sm">
          <p>Nothing is charged for a disputed incidental: support reads your reason with the host&apos;s and decides.</p>
          <label htmlFor="dispute-reason">Why do you dispute it?</label>
          <textarea id="dispute-reason" className="input" rows={4} maxLength={MAX_DISPUTE_REASON} value={reason} onChange={(e) => setReason(e.target.value)} />
          {dispute.isError && (
            <p className="form__error" role="alert">
              {errorMessage(dispute.error, INCIDENTAL_MESSAGES.disputeFailed)}
            </p>
          )}
          <div className="trip-care__actions">
            <button type="button" className="btn btn--primary" onClick={sendDispute} disabled={dispute.isPending || !reason.trim()}>
              {dispute.isPending ? 'Sending…' : 'Send dispute'}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setDisputing(null)} disabled={dispute.isPending}>
              Cancel
            </button>
          </div>
        </Modal>
      )}

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
