import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';


/** `GET /cohost/getHostVehicles`: the host's cars on the platform (id, name, photoUrl, licensePlate). */
export function getHostVehicles() {
  return api.get('/v1/cohost/getHostVehicles');
}

export const hostVehiclesQueryOptions = () => queryOptions({ queryKey: queryKeys.teams.hostVehicles, queryFn: getHostVehicles });

export function useHostVehicles(config?: QueryConfig<typeof hostVehiclesQueryOptions>) {
  return useQuery({ ...hostVehiclesQueryOptions(), ...config });
}
