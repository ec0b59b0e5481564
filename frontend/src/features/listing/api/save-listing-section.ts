import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body, Schemas } from '@/api/types';
import { api } from '@/lib/api-client';

export type SectionAnswer = Awaited<ReturnType<typeof saveListingSection>>;

/**
 * The body of one section: `sectionName` and that section's fields (spec 001 section 3). The
 * document types `location` as a loose object (the server reads `coordinates`, `latitude` /
 * `longitude` or `lat` / `lng`); the wizard sends the GeoJSON point the listing answers with.
 */
export type SectionBody = Omit<Body<'/v1/host/carListing/addCarListing', 'post'>, 'location'> & {
  location?: Schemas['GeoPoint'];
};

/** `POST /host/carListing/addCarListing`: saves one step (the first starts the draft). */
export function saveListingSection(body: SectionBody) {
  // The document's `location` is an object of any shape (typed `Record<string, never>`), which
  // no GeoJSON point satisfies: the body is sent as the route's type.
  return api.post('/v1/host/carListing/addCarListing', { body: body as Body<'/v1/host/carListing/addCarListing', 'post'> });
}

/** Saving a step changes the draft the review reads. */
export function useSaveListingSection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveListingSection,
    onSuccess: (r) => {
      if (r.carId) void qc.invalidateQueries({ queryKey: queryKeys.carListing(r.carId) });
    },
  });
}
