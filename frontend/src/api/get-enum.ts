import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/** The lists the app reads: the search filters', the listing wizard's and a car's settings'. */
export type EnumName = 'availableCarMakes' | 'carMakes' | 'carTypes' | 'carOdometers' | 'statesList' | 'carSpecialFeatures' | 'carFeatures';
export type EnumOption = { value: string; label: string };

/** `GET /api/enums/{name}`: a list of strings, or (`statesList`, `carTypes`) of `{value, label}`; both answered as options. */
export async function getEnum(name: EnumName): Promise<EnumOption[]> {
  const r = await api.get('/v1/api/enums/{name}', { path: { name } });
  return r.data.map((x) => (typeof x === 'string' ? { value: x, label: x } : x));
}

/** The lists do not change while the app runs: read once. */
export const enumQueryOptions = (name: EnumName) => queryOptions({ queryKey: queryKeys.enums(name), queryFn: () => getEnum(name), staleTime: Infinity });

export const useEnum = (name: EnumName) => useQuery(enumQueryOptions(name));
