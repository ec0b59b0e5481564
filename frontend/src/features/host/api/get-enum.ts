import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type Option = { value: string; label: string };

/** `GET /api/enums/{name}` (carFeatures, statesList, carSpecialFeatures): values, or `{value, label}` for states. */
export function getEnum(name: string): Promise<Option[]> {
  return api.get('/v1/api/enums/{name}', { path: { name } }).then((a) => a.data.map((x) => (typeof x === 'string' ? { value: x, label: x } : x)));
}

export const enumQueryOptions = (name: string) => queryOptions({ queryKey: queryKeys.hostCars.enumList(name), queryFn: () => getEnum(name), staleTime: Infinity });

export const useEnum = (name: string) => useQuery(enumQueryOptions(name));
