import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type VehiclesBody = Body<'/v1/cohost/manageVehiclesOnTeam', 'post'>;

/** `POST /cohost/manageVehiclesOnTeam` `{teamId, carIds}`: the team's cars become these (host only). */
export function manageVehiclesOnTeam(body: VehiclesBody) {
  return api.post('/v1/cohost/manageVehiclesOnTeam', { body });
}

export function useManageVehicles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: manageVehiclesOnTeam,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
