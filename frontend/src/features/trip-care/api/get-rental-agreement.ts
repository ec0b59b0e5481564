import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type RentalAgreement = Awaited<ReturnType<typeof getRentalAgreement>>;

/**
 * `GET /trips/getRentalAgreement/{tripId}[?token=]`. Signed in, the client sends the session's
 * bearer token and no URL token is needed; otherwise `urlToken` (the trip's agreement token, or
 * a session token someone was sent) opens it.
 */
export async function getRentalAgreement(tripId: string, urlToken: string | null) {
  const r = await api.get('/v1/trips/getRentalAgreement/{tripId}', { path: { tripId }, params: { token: urlToken } });
  return r.data;
}

export const rentalAgreementQueryOptions = (tripId: string, urlToken: string | null) =>
  queryOptions({ queryKey: queryKeys.tripCare.agreement(tripId, urlToken), queryFn: () => getRentalAgreement(tripId, urlToken), retry: false });

export function useRentalAgreement(tripId: string, urlToken: string | null, enabled: boolean) {
  return useQuery({ ...rentalAgreementQueryOptions(tripId, urlToken), enabled });
}
