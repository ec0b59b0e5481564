import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type FeatureAvailability = { name: string; available: boolean };
export type VehicleFacts = { make: string; model: string; trim: string; style: string; carYear: string; transmissionType: string };

/** `POST /host/carListing/getcarfeatures` with the decoded vehicle: every feature and whether the car likely has it. */
export async function getCarFeatures(vehicle: VehicleFacts): Promise<FeatureAvailability[]> {
  const r = await api.post('/v1/host/carListing/getcarfeatures', { body: vehicle });
  return r.data.featuresAvailability;
}

export const carFeaturesQueryOptions = (vehicle: VehicleFacts | null) =>
  queryOptions({
    queryKey: queryKeys.listing.features(vehicle ?? {}),
    queryFn: () => getCarFeatures(vehicle as VehicleFacts),
    enabled: Boolean(vehicle?.make),
    staleTime: Infinity,
    retry: false,
  });

export function useCarFeatures(vehicle: VehicleFacts | null) {
  return useQuery(carFeaturesQueryOptions(vehicle));
}
