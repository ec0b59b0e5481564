import { useState } from 'react';
import { PlaceAutocomplete } from '@/components/place-autocomplete';
import type { CarPage } from '@/api/types';
import { useDeliveryDistance } from '../api/calculate-delivery-distance';

export type Delivery = { latitude: number; longitude: number; address: string };

/**
 * Pickup at the car, or a custom address checked against the host's delivery distance; an
 * address within range is passed on to checkout, where pricing adds the delivery fee.
 */
export function PickupLocation({ car, onChange }: { car: CarPage; onChange: (d: Delivery | null) => void }) {
  const [mode, setMode] = useState<'car' | 'custom'>('car');
  const [text, setText] = useState('');
  const distance = useDeliveryDistance(car._id);
  const a = car.address;
  return (
    <section className="car-section" aria-labelledby="pickup-title">
      <h2 id="pickup-title">Pickup location</h2>
      <fieldset className="radio-group">
        <legend className="sr-only">Where do you pick up the car?</legend>
        <label>
          <input
            type="radio"
            name="pickup"
            checked={mode === 'car'}
            onChange={() => {
              setMode('car');
              onChange(null);
            }}
          /> At the car: {a.street ? `${a.street}, ` : ''}
          {a.city}, {a.state}
        </label>
        <label>
          <input type="radio" name="pickup" checked={mode === 'custom'} onChange={() => setMode('custom')} /> Deliver to an address
        </label>
      </fieldset>
      {mode === 'custom' && (
        <>
          <PlaceAutocomplete label="Delivery address" value={text} onTextChange={setText} onSelect={(p) => {
              onChange(null);
              distance.mutate({ lat: p.lat, lng: p.lng }, { onSuccess: (d) => onChange(d.isWithinRange ? { latitude: p.lat, longitude: p.lng, address: p.formatted_address } : null) });
            }} id="pickup-address" />
          {distance.data && (
            <p role="status" className={distance.data.isWithinRange ? 'form__success' : 'form__error'}>
              {distance.data.distance.toFixed(1)} mi from the car;{' '}
              {distance.data.isWithinRange ? 'the host delivers there.' : `the host delivers up to ${distance.data.maxDeliveryDistance} mi.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}
