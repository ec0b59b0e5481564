import type { TripRange } from './dates';

/** Fremont, CA: the default search place (spec 000 section 4.1). */
export const DEFAULT_PLACE = { formatted_address: 'Fremont, CA, USA', lat: 37.5485, lng: -121.9886 };

export type SearchLink = TripRange & { latitude: number; longitude: number; address: string; page?: number };

export function searchUrl(p: SearchLink): string {
  const q = new URLSearchParams({
    latitude: String(p.latitude),
    longitude: String(p.longitude),
    address: p.address,
    fromDate: p.fromDate,
    fromTime: p.fromTime,
    untilDate: p.untilDate,
    untilTime: p.untilTime,
  });
  if (p.page && p.page > 1) q.set('page', String(p.page));
  return `/search?${q}`;
}

const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');

/** Built by hand: it runs for every card of a page of results. */
export function carUrl(id: string, r: TripRange, place?: { latitude: number; longitude: number; address: string }): string {
  let q = `fromDate=${r.fromDate}&fromTime=${enc(r.fromTime)}&untilDate=${r.untilDate}&untilTime=${enc(r.untilTime)}`;
  if (place) q += `&latitude=${place.latitude}&longitude=${place.longitude}&address=${enc(place.address)}`;
  return `/car/${encodeURIComponent(id)}?${q}`;
}
