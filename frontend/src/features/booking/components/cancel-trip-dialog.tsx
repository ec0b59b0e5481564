import { useId, useState } from 'react';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/format';
import { useRefundPrice } from '../api/get-refund-price';
import { useCancelTrip } from '../api/cancel-trip';
import type { Trip } from '@/api/types';

function newKey(): string {
  return crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Cancel with the refund first: what the guest gets back and what is kept, as pricing computes
 * it now, then Confirm. One Idempotency-Key per dialog, so a retried confirm cancels once; a
 * refusal shows the server's message and the dialog stays for another try.
 */
export function CancelTripDialog({ trip, onClose, onCancelled }: { trip: Trip; onClose: () => void; onCancelled: (t: Trip) => void }) {
  const id = useId();
  const [key] = useState(newKey);
  const [reason, setReason] = useState('');
  const refund = useRefundPrice(trip.tripId);
  const cancel = useCancelTrip(key);
  const r = refund.data;
  const kept = r ? Math.max(0, Math.round((r.paidAmount - r.refundAmount) * 100) / 100) : 0;
  return (
    <Modal title="Cancel this trip?" onClose={onClose} closeDisabled={cancel.isPending}>
      {refund.isPending ? (
        <p aria-busy="true">Working out your refund…</p>
      ) : refund.isError ? (
        <p role="alert">{errorMessage(refund.error, 'Your refund could not be worked out. Please try again.')}</p>
      ) : (
        <div className="trip-refund" data-testid="refund">
          <table className="breakdown">
            <tbody>
              <tr>
                <th scope="row">You paid</th>
                <td>{money(r!.paidAmount)}</td>
              </tr>
              <tr>
                <th scope="row">Kept under the cancellation policy</th>
                <td data-testid="refund-kept">{money(kept)}</td>
              </tr>
              <tr className="breakdown__total">
                <th scope="row">You get back</th>
                <td data-testid="refund-amount">{money(r!.refundAmount)}</td>
              </tr>
            </tbody>
          </table>
          <p className="muted" data-testid="refund-rule">
            {r!.message}{' '}
            <a href="/terms/cancellation" target="_blank" rel="noreferrer">
              Cancellation policy
            </a>
          </p>
        </div>
      )}
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          cancel.mutate({ tripId: trip.tripId, cancelReason: reason.trim() }, { onSuccess: onCancelled });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>
            Reason (optional)
          </label>
          <textarea id={`${id}-reason`} className="input" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {cancel.isError && (
          <p className="form__error" role="alert" data-testid="cancel-error">
            {errorMessage(cancel.error, 'Failed to send cancellation details')}
          </p>
        )}
        <div className="calendar__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={cancel.isPending}>
            Keep my trip
          </button>
          <button type="submit" className="btn btn--primary" disabled={!refund.isSuccess || cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Confirm cancellation'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
