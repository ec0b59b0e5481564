import type { ReactNode } from 'react';
import type { Trip } from '@/api/types';
import { CarPhoto } from '@/components/car-photo';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';

const STATUS_LABELS: Record<string, string> = {
  requested: 'Request',
  confirmed: 'Confirmed',
  modification_pending: 'Change requested',
  in_progress: 'On trip',
  completed: 'Completed',
  rejected: 'Declined',
  cancelled_by_guest: 'Cancelled',
  cancelled_by_host: 'Cancelled',
};

/** A booking of one of the host's (or the team's) cars: car, guest, times where the car is, reservation. */
export function BookingCard({ trip, children, extra }: { trip: Trip; children?: ReactNode; extra?: ReactNode }) {
  const guest = [trip.firstName, trip.lastName].filter(Boolean).join(' ') || trip.renterName || 'Guest';
  return (
    <article className="hb-card" data-testid="host-booking" data-trip-id={trip.tripId}>
      <CarPhoto src={trip.carPhotoUrl} alt={trip.carName || 'Car'} />
      <div className="hb-card__body">
        <h3 className="hb-card__title">
          <a href={`/bookings?tripId=${encodeURIComponent(trip.tripId)}`} target="_blank" rel="noreferrer">
            {trip.carName || 'Car'}
          </a>
          <span className={`hb-status hb-status--${trip.status}`}>{STATUS_LABELS[trip.status] ?? trip.status}</span>
        </h3>
        <p className="hb-card__guest">
          {trip.userProfilePic ? <img src={trip.userProfilePic} alt="" width={28} height={28} className="hb-avatar" /> : null}
          <span>{guest}</span>
        </p>
        <p className="hb-card__times">
          {formatInTimeZone(trip.startTime, trip.timeZone)} – {formatInTimeZone(trip.endTime, trip.timeZone)}
        </p>
        {trip.pickUpLocation?.address && <p className="muted">{trip.pickUpLocation.address}</p>}
        <p className="muted">
          Reservation {trip.reservationNumber}
          {trip.finalPrice != null && <> · {money(trip.finalPrice)}</>}
        </p>
        {extra}
        {children && <div className="hb-card__actions">{children}</div>}
      </div>
    </article>
  );
}
