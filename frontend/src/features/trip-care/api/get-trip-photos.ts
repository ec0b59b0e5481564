import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type TripPhotos = Awaited<ReturnType<typeof getTripPhotos>>;

/** `GET /trips/getCheckInAndCheckoutPhotos/{id}`: `{checkIn, checkout}`, each `{photoUrls, photos}`. */
export async function getTripPhotos(tripId: string) {
  const r = await api.get('/v1/trips/getCheckInAndCheckoutPhotos/{id}', { path: { id: tripId } });
  return r.data;
}

export const tripPhotosQueryOptions = (tripId: string) => queryOptions({ queryKey: queryKeys.tripCare.photos(tripId), queryFn: () => getTripPhotos(tripId), retry: false });

export function useTripPhotos(tripId: string) {
  const session = useSession();
  return useQuery({ ...tripPhotosQueryOptions(tripId), enabled: Boolean(tripId && session) });
}
