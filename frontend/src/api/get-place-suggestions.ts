import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';
import type { Answer, Query } from './types';

/** Suggestions, all (`data`) and by group. */
type Suggestions = Answer<'/v1/places/autocomplete', 'get'>;

/** Autocomplete starts at 3 characters (spec 000 section 5). */
export const MIN_CHARS = 3;

export function getPlaceSuggestions(input: string, signal?: AbortSignal): Promise<Suggestions> {
  const params: Query<'/v1/places/autocomplete', 'get'> = { input };
  return api.get('/v1/places/autocomplete', { params, signal });
}

export const placeSuggestionsQueryOptions = (input: string) =>
  queryOptions({
    queryKey: queryKeys.places.autocomplete(input),
    queryFn: ({ signal }) => getPlaceSuggestions(input, signal),
    enabled: input.trim().length >= MIN_CHARS,
    staleTime: 5 * 60_000,
  });

export function usePlaceSuggestions(input: string) {
  return useQuery(placeSuggestionsQueryOptions(input));
}
