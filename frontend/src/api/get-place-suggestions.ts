import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/** Autocomplete starts at 3 characters (spec 000 section 5). */
export const MIN_CHARS = 3;

/** `GET /places/autocomplete?input`: suggestions, all (`data`) and by group. */
export function getPlaceSuggestions(input: string, signal?: AbortSignal) {
  return api.get('/v1/places/autocomplete', { params: { input }, signal });
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
