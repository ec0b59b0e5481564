import type { CarsMapProps } from '@/components/map/types';

/** jsdom has no WebGL: unit tests see the map's markers as plain buttons with the same attributes. */
export function CarsMap({ markers, highlightedId }: CarsMapProps) {
  return (
    <div data-testid="cars-map">
      {markers.map((m) => (
        <button key={m.id} type="button" data-testid="price-marker" data-car-id={m.id} data-highlighted={m.id === highlightedId ? 'true' : 'false'}>
          {m.label}
        </button>
      ))}
    </div>
  );
}
