import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type VehiclesAnswer = Answer<'/v1/cohost/getHostVehicles', 'get'>;

/** `GET /cohost/getHostVehicles`: the host's cars on the platform (id, name, photoUrl, licensePlate). */
export function getHostVehicles(): Promise<VehiclesAnswer> {
  return api.get('/v1/cohost/getHostVehicles');
}

export const hostVehiclesQueryOptions = () => queryOptions({ queryKey: queryKeys.teams.hostVehicles, queryFn: getHostVehicles });

export function useHostVehicles(config?: QueryConfig<typeof hostVehiclesQueryOptions>) {
  return useQuery({ ...hostVehiclesQueryOptions(), ...config });
}
