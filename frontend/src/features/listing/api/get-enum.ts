import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type EnumName = 'carMakes' | 'carTypes' | 'carOdometers' | 'statesList' | 'carSpecialFeatures' | 'carFeatures';
export type EnumOption = { value: string; label: string };

/** `GET /api/enums/{name}`: a list of strings, or (`statesList`, `carTypes`) of `{value, label}`. */
export async function getEnum(name: EnumName): Promise<EnumOption[]> {
  const r = await api.get('/v1/api/enums/{name}', { path: { name } });
  return r.data.map((x) => (typeof x === 'string' ? { value: x, label: x } : x));
}

export const enumQueryOptions = (name: EnumName) => queryOptions({ queryKey: queryKeys.listing.enumList(name), queryFn: () => getEnum(name), staleTime: Infinity });

export function useEnum(name: EnumName) {
  return useQuery(enumQueryOptions(name));
}
