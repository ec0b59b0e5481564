import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';
import { useTrip } from '../api/get-trip';
import { DeliveryPanel } from '../components/delivery-panel';

const STATUS_NOTES: Record<string, string> = {
  requested: 'waiting for the host to confirm',
  confirmed: 'you are all set',
  rejected: 'the host could not take this trip',
};

/** /bookings?tripId=: the trip summary card (car, renter, times, charges, invoice total). */
export default function TripRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  const trip = useTrip(tripId);
  useEffect(() => {
    document.title = 'Your trip | Upcar';
  }, []);
  const breakdown = trip.data?.priceDetails?.pricingBreakdown ?? [];
  if (!tripId)
    return (
      <main id="main" className="page page--narrow">
        <h1>Your bookings</h1>
        <p>Your trips will show here.</p>
        <Link to="/search">Find a car</Link>
      </main>
    );
  return (
    <main id="main" className="page page--narrow" data-testid="trip-page">
      <h1>Your trip</h1>
      {trip.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : trip.isError ? (
        <p role="alert">{errorMessage(trip.error, 'This trip could not be loaded.')}</p>
      ) : (
        <section className="panel">
          <CarPhoto src={trip.data.carPhotoUrl} alt={trip.data.carName ?? 'Car'} />
          <h2>{trip.data.carName}</h2>
          {trip.data.status && (
            <p>
              Status: <strong data-testid="trip-status">{trip.data.status}</strong>
              {STATUS_NOTES[trip.data.status] && <span className="muted"> · {STATUS_NOTES[trip.data.status]}</span>}
            </p>
          )}
          {trip.data.viewerRole === 'driver' && (
            <p data-testid="trip-driver-note">You're an additional driver on this trip. Bring your driver's licence when you pick up the car.</p>
          )}
          {trip.data.renterName && <p>Renter: {trip.data.renterName}</p>}
          <p data-testid="trip-times">
            {formatInTimeZone(trip.data.startTime, trip.data.timeZone)} – {formatInTimeZone(trip.data.endTime, trip.data.timeZone)}
          </p>
          {trip.data.reservationNumber && <p>Reservation number: {trip.data.reservationNumber}</p>}
          {breakdown.length > 0 && (
            <>
              <h3>Charges</h3>
              <table className="breakdown">
                <tbody>
                  {breakdown.map((l, i) => (
                    <tr key={i} className={i === breakdown.length - 1 ? 'breakdown__total' : ''}>
                      <th scope="row">{l.label}</th>
                      <td>{money(l.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {trip.data.finalPrice != null && (
            <p>
              Invoice total: <strong>{money(trip.data.finalPrice)}</strong>
            </p>
          )}
        </section>
      )}
      {trip.isSuccess && <DeliveryPanel tripId={tripId} timeZone={trip.data.timeZone} />}
    </main>
  );
}
