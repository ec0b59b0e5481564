import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer } from '@/api/types';
import { api } from '@/lib/api-client';

type EnumAnswer = Answer<'/v1/api/enums/{name}', 'get'>;

function values(a: EnumAnswer): { value: string; label: string }[] {
  return a.data.map((x) => (typeof x === 'string' ? { value: x, label: x } : x));
}

export function getCarMakes() {
  return api.get('/v1/api/enums/{name}', { path: { name: 'availableCarMakes' } }).then(values);
}
export function getCarTypes() {
  return api.get('/v1/api/enums/{name}', { path: { name: 'carTypes' } }).then(values);
}
export function getCarModels(make: string) {
  return api.get('/v1/car-makes-models/{make}', { path: { make } }).then((r) => r.data.models);
}

// Filter data failures are logged only and leave empty options (spec 000 section 8).
const logged = <T,>(p: Promise<T>, empty: T) => p.catch((e) => (console.warn('filter options unavailable', e), empty));

export const carMakesQueryOptions = () => queryOptions({ queryKey: queryKeys.filters.carMakes, queryFn: () => logged(getCarMakes(), []), staleTime: Infinity });
export const carTypesQueryOptions = () => queryOptions({ queryKey: queryKeys.filters.carTypes, queryFn: () => logged(getCarTypes(), []), staleTime: Infinity });
export const carModelsQueryOptions = (make: string) =>
  queryOptions({ queryKey: queryKeys.filters.carModels(make), queryFn: () => logged(getCarModels(make), []), enabled: Boolean(make), staleTime: Infinity });

export const useCarMakes = () => useQuery(carMakesQueryOptions());
export const useCarTypes = () => useQuery(carTypesQueryOptions());
export const useCarModels = (make: string) => useQuery(carModelsQueryOptions(make));
