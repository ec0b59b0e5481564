import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export type Place = {
  placeId: string;
  text: string;
  lat: number;
  lng: number;
  formatted_address: string;
  name: string;
  types: string[];
};
export type PlaceGroup = { group: string; items: Place[] };
type Answer = { data: Place[]; groups: PlaceGroup[] };

/** Autocomplete starts at 3 characters (spec 000 section 5). */
export const MIN_CHARS = 3;

export function getPlaceSuggestions(input: string, signal?: AbortSignal): Promise<Answer> {
  return api.get<Answer>('/places/autocomplete', { params: { input }, signal });
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
