import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** An additional-driver invitation as the invitee sees it (times are local to the car). */
export type DriverInvitation = {
  tripId: string;
  email: string;
  /** `invited`, or `added` once accepted. */
  status: string;
  expiresAt: string;
  reservationNumber: string;
  carId: string;
  startTime: string;
  endTime: string;
  timeZone: string;
};

export type DriverInvitationAnswer = { status: boolean; message?: string; data: DriverInvitation };

/** `POST /additionaldriver/verification` `{token}`: whether the invitation is valid for the signed-in user. */
export function verifyInvitation(token: string): Promise<DriverInvitationAnswer> {
  return api.post<DriverInvitationAnswer>('/additionaldriver/verification', { token });
}

/** Keyed by the user too: signing in with another account asks again. */
export const invitationQueryOptions = (token: string, userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.driverInvitation(token, userId),
    queryFn: () => verifyInvitation(token),
    enabled: Boolean(token && userId),
    retry: false,
  });

export const useInvitation = (token: string, userId: string | null) => useQuery(invitationQueryOptions(token, userId));
