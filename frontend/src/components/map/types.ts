import type { ReactNode } from 'react';

export type LatLng = { lat: number; lng: number };

export type MapMarker = {
  id: string;
  lat: number;
  lng: number;
  /** The price label ("$85", "$2,100 / month"). */
  label: string;
  /** What the popup shows for this marker. */
  popup?: ReactNode;
};

export type CarsMapProps = {
  center: LatLng;
  zoom?: number;
  markers: MapMarker[];
  highlightedId?: string | null;
  /** Shows "Search Here" when the map centre moves away from `searched`. */
  searched?: LatLng;
  onSearchHere?: (center: LatLng) => void;
  className?: string;
  ariaLabel?: string;
  /**
   * One movable pin (the listing wizard's location): dragged, placed by a click on the map, or
   * moved with the arrow keys when focused. Shown only with `onPinChange`.
   */
  pin?: LatLng;
  onPinChange?: (pin: LatLng) => void;
  pinLabel?: string;
  /** The place shown, in words: said over the map when the map cannot draw its streets. */
  address?: string;
};

/** How far an arrow key moves the pin: about 20 m. */
export const PIN_NUDGE_DEG = 0.0002;

/** The pin moved one step by an arrow key, or null for another key. */
export function nudgePin(pin: LatLng, key: string): LatLng | null {
  switch (key) {
    case 'ArrowUp':
      return { lat: pin.lat + PIN_NUDGE_DEG, lng: pin.lng };
    case 'ArrowDown':
      return { lat: pin.lat - PIN_NUDGE_DEG, lng: pin.lng };
    case 'ArrowLeft':
      return { lat: pin.lat, lng: pin.lng - PIN_NUDGE_DEG };
    case 'ArrowRight':
      return { lat: pin.lat, lng: pin.lng + PIN_NUDGE_DEG };
    default:
      return null;
  }
}

/** Map coordinates must be numbers within range, else the car is skipped (and logged). */
export function validCoordinates(lat: unknown, lng: unknown): boolean {
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}

/** `center` when a map can show it (valid coordinates, spec 000 section 5), else `fallback`. */
export function centreOr(center: { lat: unknown; lng: unknown }, fallback: LatLng): LatLng {
  return validCoordinates(center.lat, center.lng) ? (center as LatLng) : fallback;
}

/** The centre has moved from the searched place by more than about 200 m. */
export function movedAway(a: LatLng, b: LatLng): boolean {
  return Math.abs(a.lat - b.lat) > 0.002 || Math.abs(a.lng - b.lng) > 0.002;
}
