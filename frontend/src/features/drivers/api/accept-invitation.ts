import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** `POST /additionaldriver/addDriverToTrip` `{token}`: the invitee joins the trip (the token is used once). */
export function acceptInvitation(token: string) {
  return api.post('/v1/additionaldriver/addDriverToTrip', { body: { token } });
}

export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    // The trip lists change; the invitation itself is not asked again (it would now be "used").
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.trips.all }),
  });
}
