import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';
import type { Answer, Query } from './types';

type GeocodeAnswer = Answer<'/v1/places/geocode', 'get'>;

/** The places nearest a point (the gateway's gazetteer), nearest first. */
export function reverseGeocode(lat: number, lng: number, signal?: AbortSignal): Promise<GeocodeAnswer> {
  const params: Query<'/v1/places/geocode', 'get'> = { latitude: lat, longitude: lng, limit: 1 };
  return api.get('/v1/places/geocode', { params, signal });
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
