import { Link } from 'react-router';
import { useTrip } from '@/api/get-trip';
import type { Trip } from '@/api/types';
import { CarPhoto } from '@/components/car-photo';

const DAY = (tz: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: tz || undefined });
const DAY_YEAR = (tz: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: tz || undefined });

/** "Jan 10 – Jan 12, 2030" in the car's zone (the year once, on the end). */
export function tripDates(trip: Pick<Trip, 'startTime' | 'endTime' | 'timeZone'>): string {
  const a = new Date(trip.startTime);
  const b = new Date(trip.endTime);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return '';
  try {
    const sameYear = DAY_YEAR(trip.timeZone).format(a).slice(-4) === DAY_YEAR(trip.timeZone).format(b).slice(-4);
    return `${(sameYear ? DAY : DAY_YEAR)(trip.timeZone).format(a)} – ${DAY_YEAR(trip.timeZone).format(b)}`;
  } catch {
    return `${DAY_YEAR('').format(a)} – ${DAY_YEAR('').format(b)}`;
  }
}

/** The trip's status in words ("cancelled by guest" -> "Cancelled by guest"). */
export function statusText(status: string): string {
  const s = status.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A room's trip (the trips service's answer, the same one the trip page reads). */
export function useRoomTrip(tripId: string) {
  return useTrip(tripId, { staleTime: 60_000 });
}

/** The car's photo for a rooms list row (the room's trip's car). */
export function RoomCarPhoto({ tripId }: { tripId: string }) {
  const trip = useRoomTrip(tripId);
  return <CarPhoto src={trip.data?.carPhotoUrl} alt="" className="chat-room-link__car" />;
}

/** The car, the dates and the status of a room's trip, as one line. */
export function RoomTripLine({ tripId }: { tripId: string }) {
  const trip = useRoomTrip(tripId);
  if (!trip.data) return <span className="chat-room-link__trip" aria-hidden="true">&nbsp;</span>;
  const t = trip.data;
  return (
    <span className="chat-room-link__trip" data-testid="chat-room-trip">
      {t.carName} · {tripDates(t)} · <span className={`trip-status trip-status--${t.status}`}>{statusText(t.status)}</span>
    </span>
  );
}

/** The open chat's trip: the car's photo and name, dates and status, linking to the trip page. */
export function ChatTripHeader({ tripId }: { tripId: string }) {
  const trip = useRoomTrip(tripId);
  if (!trip.data) return null;
  const t = trip.data;
  return (
    <Link to={`/bookings?tripId=${encodeURIComponent(t.tripId)}`} className="chat-trip" data-testid="chat-trip-link">
      <CarPhoto src={t.carPhotoUrl} alt="" className="chat-trip__photo" />
      <span className="chat-trip__text">
        <strong>{t.carName}</strong>
        <span>
          {tripDates(t)} · {statusText(t.status)}
        </span>
      </span>
    </Link>
  );
}
