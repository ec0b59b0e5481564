import { normaliseRange, type TripRange } from '@/lib/dates';
import { DEFAULT_PLACE } from '@/lib/links';

export const SORTS = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'priceAsc', label: 'Price: low to high' },
  { value: 'priceDesc', label: 'Price: high to low' },
  { value: 'distance', label: 'Distance' },
] as const;

export const PRICE_DEFAULT: [number, number] = [10, 500];
/**
 * The search map (spec 000 section 9): zoom 13, centred on the searched place; Los Angeles is
 * its default centre, where the search has no place a map can show.
 */
export const SEARCH_MAP = { zoom: 13, fallback: { lat: 34.0522, lng: -118.2437 } } as const;
export const YEAR_DEFAULT: [number, number] = [2000, 2024];

export type Filters = {
  sortBy: string;
  vehicleType: string;
  make: string;
  model: string;
  seats: string;
  transmissionType: string;
  priceRange: [number, number];
  yearRange: [number, number];
};

export const DEFAULT_FILTERS: Filters = {
  sortBy: 'recommended',
  vehicleType: '',
  make: '',
  model: '',
  seats: '',
  transmissionType: '',
  priceRange: PRICE_DEFAULT,
  yearRange: YEAR_DEFAULT,
};

export type SearchState = {
  page: number;
  latitude: number;
  longitude: number;
  address: string;
  range: TripRange;
  filters: Filters;
};

function num(v: string | null): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function pair(v: string | null, def: [number, number]): [number, number] {
  if (!v) return def;
  const [a, b] = v.split(',').map(Number);
  return Number.isFinite(a) && Number.isFinite(b) && a <= b ? [a, b] : def;
}

/**
 * Reads the search page's URL (spec 000 section 2.2). Missing dates and times take the
 * defaults; a date before today resets both dates (`reset` tells the page to rewrite the URL).
 */
export function parseSearchParams(q: URLSearchParams, now = new Date()): { state: SearchState; reset: boolean } {
  const { range, reset } = normaliseRange(
    { fromDate: q.get('fromDate') ?? undefined, fromTime: q.get('fromTime') ?? undefined, untilDate: q.get('untilDate') ?? undefined, untilTime: q.get('untilTime') ?? undefined },
    now,
  );
  const lat = num(q.get('latitude'));
  const lng = num(q.get('longitude'));
  const validPlace = lat !== null && lng !== null && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
  return {
    state: {
      page: Math.max(1, Math.floor(num(q.get('page')) ?? 1)),
      latitude: validPlace ? lat! : DEFAULT_PLACE.lat,
      longitude: validPlace ? lng! : DEFAULT_PLACE.lng,
      address: q.get('address') ?? (validPlace ? '' : DEFAULT_PLACE.formatted_address),
      range,
      filters: {
        sortBy: q.get('sortBy') ?? DEFAULT_FILTERS.sortBy,
        vehicleType: q.get('vehicleType') ?? '',
        make: q.get('make') ?? '',
        model: q.get('model') ?? '',
        seats: q.get('seats') ?? '',
        transmissionType: q.get('transmissionType') ?? '',
        priceRange: pair(q.get('priceRange'), PRICE_DEFAULT),
        yearRange: pair(q.get('yearRange'), YEAR_DEFAULT),
      },
    },
    reset,
  };
}

/** The URL for a state; filters left at their defaults are not written. */
export function toSearchParams(s: SearchState): URLSearchParams {
  const q = new URLSearchParams();
  if (s.page > 1) q.set('page', String(s.page));
  q.set('latitude', String(s.latitude));
  q.set('longitude', String(s.longitude));
  q.set('address', s.address);
  q.set('fromDate', s.range.fromDate);
  q.set('fromTime', s.range.fromTime);
  q.set('untilDate', s.range.untilDate);
  q.set('untilTime', s.range.untilTime);
  const f = s.filters;
  if (f.sortBy !== DEFAULT_FILTERS.sortBy) q.set('sortBy', f.sortBy);
  for (const k of ['vehicleType', 'make', 'model', 'seats', 'transmissionType'] as const) if (f[k]) q.set(k, f[k]);
  if (f.priceRange[0] !== PRICE_DEFAULT[0] || f.priceRange[1] !== PRICE_DEFAULT[1]) q.set('priceRange', f.priceRange.join(','));
  if (f.yearRange[0] !== YEAR_DEFAULT[0] || f.yearRange[1] !== YEAR_DEFAULT[1]) q.set('yearRange', f.yearRange.join(','));
  return q;
}

/** How many filters differ from the defaults (the filter button's badge). */
export function activeFilterCount(f: Filters): number {
  let n = 0;
  for (const k of ['vehicleType', 'make', 'model', 'seats', 'transmissionType'] as const) if (f[k]) n++;
  if (f.priceRange.join() !== PRICE_DEFAULT.join()) n++;
  if (f.yearRange.join() !== YEAR_DEFAULT.join()) n++;
  return n;
}
