import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Query } from '@/api/types';
import { api } from '@/lib/api-client';
import { PRICE_DEFAULT, YEAR_DEFAULT, type SearchState } from '../lib/search-state';

export type SearchQuery = Query<'/v1/cars/search', 'get'>;

export function searchParamsToQuery(s: SearchState): SearchQuery {
  const f = s.filters;
  return {
    latitude: s.latitude,
    longitude: s.longitude,
    fromDate: s.range.fromDate,
    fromTime: s.range.fromTime,
    untilDate: s.range.untilDate,
    untilTime: s.range.untilTime,
    page: s.page,
    sortBy: f.sortBy,
    vehicleType: f.vehicleType,
    make: f.make,
    model: f.model,
    seats: f.seats,
    transmissionType: f.transmissionType,
    priceRange: f.priceRange.join() === PRICE_DEFAULT.join() ? undefined : f.priceRange.join(','),
    yearRange: f.yearRange.join() === YEAR_DEFAULT.join() ? undefined : f.yearRange.join(','),
  };
}

/** The first photos are the page's largest paint: ask for them as soon as the answer is in, before React renders the cards. */
function preloadFirstPhotos(a: SearchAnswer): void {
  if (typeof Image === 'undefined') return;
  for (const c of a.data.slice(0, 2)) {
    const url = c.photoUrls[0] || c.primaryPhotoUrl;
    if (url) {
      const img = new Image();
      img.fetchPriority = 'high';
      img.src = url;
    }
  }
}

export async function searchCars(s: SearchState, signal?: AbortSignal) {
  const answer = await api.get('/v1/cars/search', { params: searchParamsToQuery(s), signal });
  preloadFirstPhotos(answer);
  return answer;
}

export type SearchAnswer = Awaited<ReturnType<typeof searchCars>>;

export const searchCarsQueryOptions = (s: SearchState) =>
  queryOptions({
    queryKey: queryKeys.cars.search(searchParamsToQuery(s)),
    queryFn: ({ signal }) => searchCars(s, signal),
    retry: false,
  });

export function useSearchCars(s: SearchState) {
  return useQuery(searchCarsQueryOptions(s));
}
