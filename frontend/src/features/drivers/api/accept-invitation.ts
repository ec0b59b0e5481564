import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';
import type { DriverInvitationAnswer } from './verify-invitation';

/** `POST /additionaldriver/addDriverToTrip` `{token}`: the invitee joins the trip (the token is used once). */
export function acceptInvitation(token: string): Promise<DriverInvitationAnswer> {
  const body: Body<'/v1/additionaldriver/addDriverToTrip', 'post'> = { token };
  return api.post('/v1/additionaldriver/addDriverToTrip', { body });
}

export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    // The trip lists change; the invitation itself is not asked again (it would now be "used").
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.trips.all }),
  });
}
