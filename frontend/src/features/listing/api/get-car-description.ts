import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DescriptionRequest = { carListingId: string; make: string; model: string; carYear: string; style: string; transmissionType: string };

/**
 * `POST /host/carListing/getcardescription` (Generate with AI): carListingId, make, model,
 * year (the document's `carYear`; the server also reads `year`), style, transmissionType.
 */
export async function getCarDescription(req: DescriptionRequest): Promise<string> {
  const r = await api.post('/v1/host/carListing/getcardescription', { body: req });
  if (!r.carDescription) throw new Error('empty description');
  return r.carDescription;
}

export function useGenerateDescription() {
  return useMutation({ mutationFn: getCarDescription });
}
