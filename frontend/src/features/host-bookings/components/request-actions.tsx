import { useState } from 'react';
import type { Trip } from '@/api/types';
import { Modal } from '@/components/modal';
import { FailureText } from '@/components/failure-text';
import { useAnswerRequest } from '../api/answer-request';

/** Accept or decline a booking request; declining asks for an optional reason the guest reads. */
export function RequestActions({ trip }: { trip: Trip }) {
  const answer = useAnswerRequest();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const busy = answer.isPending;
  return (
    <>
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => answer.mutate({ tripId: trip.tripId, accept: true })}>
        {busy && answer.variables?.accept ? 'Accepting…' : 'Accept'}
      </button>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setDeclining(true)}>
        Decline
      </button>
      {answer.isError && <FailureText err={answer.error} text={answer.variables?.accept ? 'Failed to accept booking' : 'Failed to reject booking'} testId="answer-error" />}
      {declining && (
        <Modal title="Decline this request?" onClose={() => setDeclining(false)} closeDisabled={busy} size="sm">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              answer.mutate({ tripId: trip.tripId, accept: false, rejectReason: reason.trim() }, { onSettled: () => setDeclining(false) });
            }}
          >
            <p>The guest is told and their card hold is released.</p>
            <label className="field">
              <span className="field__label">Reason (optional, shown to the guest)</span>
              <textarea className="input" value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
            </label>
            <div className="hb-card__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? 'Declining…' : 'Decline request'}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setDeclining(false)}>
                Keep it
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}
