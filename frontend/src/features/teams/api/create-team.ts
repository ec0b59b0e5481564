import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';

export type CreateTeamBody = Body<'/v1/cohost/createTeam', 'post'>;

/** `POST /cohost/createTeam` `{teamName, carIds, permissions}`: answers the team (`data._id`). */
export function createTeam(body: CreateTeamBody) {
  return api.post('/v1/cohost/createTeam', { body });
}

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
