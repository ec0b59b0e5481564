import type { Query } from '@/api/types';
import { api } from '@/lib/api-client';

/** `GET /places/geocode?address=`: the best match of an address, or null when nothing matches. */
export async function geocodeAddress(address: string): Promise<{ lat: number; lng: number } | null> {
  const params: Query<'/v1/places/geocode', 'get'> = { address, limit: 1 };
  const r = await api.get('/v1/places/geocode', { params });
  const p = r.results[0];
  return p ? { lat: p.lat, lng: p.lng } : null;
}
