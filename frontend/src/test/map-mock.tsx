import type { CarsMapProps } from '@/components/map/types';

/** jsdom has no WebGL: unit tests see the map's markers as plain buttons with the same attributes. */
export function CarsMap({ center, zoom, markers, highlightedId, pin, onPinChange }: CarsMapProps) {
  return (
    <div data-testid="cars-map" data-center={`${center.lat},${center.lng}`} data-zoom={zoom}>
      {pin && onPinChange && <button type="button" data-testid="map-pin" data-lat={pin.lat.toFixed(6)} data-lng={pin.lng.toFixed(6)} onClick={() => onPinChange({ lat: pin.lat + 0.001, lng: pin.lng })} />}
      {markers.map((m) => (
        <button key={m.id} type="button" data-testid="price-marker" data-car-id={m.id} data-highlighted={m.id === highlightedId ? 'true' : 'false'}>
          {m.label}
        </button>
      ))}
    </div>
  );
}
