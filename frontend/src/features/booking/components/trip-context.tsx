import { Link } from 'react-router';
import { useCar } from '@/api/get-car';
import type { Trip } from '@/api/types';
import { CarsMap } from '@/components/map/lazy-map';
import { validCoordinates } from '@/components/map/types';
import { useTripRoom } from '../api/get-trip-room';

/** The map of the pickup place: zoom 13, the level the offline map draws streets at. */
const PICKUP_ZOOM = 13;

/** Google Maps directions to a point (opens in a new tab; no key needed). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/**
 * The other party of the trip and a way to write to them: the guest sees the host (and the
 * trip's chat), the host sees the renter. The room is the one messaging opened for the booking.
 */
export function TripParty({ trip, asGuest }: { trip: Trip; asGuest: boolean }) {
  const room = useTripRoom(trip.tripId, asGuest ? 'guest' : 'host', trip.viewerRole !== 'driver');
  const name = asGuest ? trip.hostName : trip.renterName;
  const role = asGuest ? 'Host' : 'Renter';
  return (
    <div className="trip-party" data-testid="trip-party">
      <p>
        {role}:{' '}
        {asGuest ? (
          <Link to={`/user-profile/${encodeURIComponent(trip.hostId)}`} data-testid="trip-host">
            {name || 'your host'}
          </Link>
        ) : (
          <strong data-testid="trip-renter">{name}</strong>
        )}
      </p>
      {room.data ? (
        <Link to={`/messages/${encodeURIComponent(room.data.id)}`} className="btn btn--outline" data-testid="trip-message">
          Message {asGuest ? (name ? name.split(' ')[0] : 'the host') : name ? name.split(' ')[0] : 'the renter'}
        </Link>
      ) : room.isPending ? null : (
        <Link to="/messages" className="btn btn--outline" data-testid="trip-message">
          Messages
        </Link>
      )}
    </div>
  );
}

/**
 * Where the car is picked up: the delivery address of the booking, else the car's own; the
 * map of it and a link for directions. The car's page is linked too.
 */
export function TripPickup({ trip }: { trip: Trip }) {
  const car = useCar(trip.carId);
  const delivered = trip.pickUpLocation && validCoordinates(trip.pickUpLocation.latitude, trip.pickUpLocation.longitude) ? trip.pickUpLocation : null;
  const a = car.data?.address;
  const carPoint = car.data && validCoordinates(car.data.latitude, car.data.longitude) ? { lat: car.data.latitude, lng: car.data.longitude } : null;
  const point = delivered ? { lat: delivered.latitude, lng: delivered.longitude } : carPoint;
  const address = delivered ? delivered.address : a ? [a.street, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  return (
    <section className="panel" aria-labelledby="pickup-title" data-testid="trip-pickup">
      <h2 id="pickup-title">{delivered ? 'Delivered to' : 'Pickup'}</h2>
      {address ? <p data-testid="trip-pickup-address">{address}</p> : car.isPending ? <p aria-busy="true">Loading…</p> : null}
      {point && (
        <>
          <CarsMap center={point} zoom={PICKUP_ZOOM} markers={[{ id: trip.carId, lat: point.lat, lng: point.lng, label: delivered ? 'Delivery' : 'Car' }]} className="trip-pickup__map" ariaLabel="Map of the pickup place" address={address} />
          <p>
            <a href={directionsUrl(point.lat, point.lng)} target="_blank" rel="noopener noreferrer" data-testid="trip-directions">
              Get directions
            </a>
          </p>
        </>
      )}
      <p>
        <Link to={`/car/${encodeURIComponent(trip.carId)}`} data-testid="trip-car-link">
          View the car&apos;s page
        </Link>
      </p>
    </section>
  );
}
