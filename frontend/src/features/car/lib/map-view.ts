import type { CarPage } from '@/api/types';
import { centreOr, validCoordinates, type LatLng } from '@/components/map/types';

/**
 * The car page's map (spec 000 section 9): zoom 14, centred on the car (its coordinates, else
 * its GeoJSON point); a car whose position a map cannot show falls back to San Francisco
 * (37.77, -122.42), without a marker.
 */
export const CAR_MAP = { zoom: 14, fallback: { lat: 37.77, lng: -122.42 } } as const;

export function carMapCentre(car: Pick<CarPage, 'latitude' | 'longitude' | 'location'>): LatLng {
  const [lng, lat] = car.location?.coordinates ?? [];
  const own = validCoordinates(car.latitude, car.longitude) ? { lat: car.latitude, lng: car.longitude } : { lat, lng };
  return centreOr(own, CAR_MAP.fallback);
}

/** The car's marker, when its position is one a map can show. */
export function carMarkerAt(car: Pick<CarPage, 'latitude' | 'longitude' | 'location'>): LatLng | null {
  const c = carMapCentre(car);
  return c === CAR_MAP.fallback ? null : c;
}
