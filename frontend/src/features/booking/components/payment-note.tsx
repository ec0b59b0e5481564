import { useCallback, useRef } from 'react';
import type { Trip } from '@/api/types';
import { PaymentForm } from './payment-form';

/**
 * Where the guest's money stands when it needs saying: a trip far ahead holds nothing yet
 * (pricing's pay-later date says when it will), and a card refused when the money was to be
 * held needs another before the deadline the server wrote in the trip's history. Adding a card
 * here is tried on the trip at once; the trip is read again once the new card is saved.
 */
export function PaymentNote({ trip, userId, onCardSaved }: { trip: Trip; userId: string | null; onCardSaved: () => void }) {
  const wasReady = useRef<boolean | null>(null);
  const onReady = useCallback(
    (ready: boolean) => {
      // The form reports "ready" at once for the card on file; a new card saved after
      // "Update Payment" is the change from not ready back to ready.
      if (ready && wasReady.current === false) onCardSaved();
      wasReady.current = ready;
    },
    [onCardSaved],
  );
  if (trip.paymentStatus === 'scheduled')
    return (
      <p className="muted" data-testid="trip-payment-note">
        Your card is saved and nothing is held yet. {trip.priceDetails?.payLaterDateMessage}
      </p>
    );
  if (trip.paymentStatus !== 'authorization_failed') return null;
  const failed = [...(trip.history ?? [])].reverse().find((h) => h.action === 'payment_failed');
  return (
    <section className="panel trip-payment-failed" aria-labelledby="trip-payment-failed" data-testid="trip-payment-failed">
      <h2 id="trip-payment-failed">Your card was declined</h2>
      <p role="alert">{failed?.reason || 'Add another card or the trip will be cancelled.'}</p>
      {userId && <PaymentForm userId={userId} onReady={onReady} />}
    </section>
  );
}
