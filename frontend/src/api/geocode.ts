import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';
import type { Query } from './types';

/**
 * `GET /places/geocode` (the gateway's gazetteer): the places matching `address`, or nearest the
 * point `latitude`, `longitude`, best first.
 */
export function geocode(params: Query<'/v1/places/geocode', 'get'>, signal?: AbortSignal) {
  return api.get('/v1/places/geocode', { params, signal });
}

/** The places nearest a point, nearest first (at most one). */
export function reverseGeocode(lat: number, lng: number, signal?: AbortSignal) {
  return geocode({ latitude: lat, longitude: lng, limit: 1 }, signal);
}

/** Rounded to about 100 m, so nearby fixes share the cache. */
export const reverseGeocodeQueryOptions = (lat: number, lng: number) => {
  const [la, ln] = [Number(lat.toFixed(3)), Number(lng.toFixed(3))];
  return queryOptions({
    queryKey: queryKeys.places.geocode(la, ln),
    queryFn: ({ signal }) => reverseGeocode(la, ln, signal),
    staleTime: 30 * 60_000,
  });
};

/** The best match of an address, or null when nothing matches (the listing wizard's location). */
export async function geocodeAddress(address: string): Promise<{ lat: number; lng: number } | null> {
  const p = (await geocode({ address, limit: 1 })).results[0];
  return p ? { lat: p.lat, lng: p.lng } : null;
}
