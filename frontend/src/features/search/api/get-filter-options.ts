import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEnum } from '@/api/get-enum';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export function getCarModels(make: string) {
  return api.get('/v1/car-makes-models/{make}', { path: { make } }).then((r) => r.data.models);
}

// Filter data failures are logged only and leave empty options (spec 000 section 8): the filter
// bar shows what it has.
const logged = <T,>(p: Promise<T>, empty: T) => p.catch((e) => (console.warn('filter options unavailable', e), empty));

function useLogged<T>(q: UseQueryResult<T>): UseQueryResult<T> {
  useEffect(() => {
    if (q.error) console.warn('filter options unavailable', q.error);
  }, [q.error]);
  return q;
}

export const carModelsQueryOptions = (make: string) =>
  queryOptions({ queryKey: queryKeys.filters.carModels(make), queryFn: () => logged(getCarModels(make), []), enabled: Boolean(make), staleTime: Infinity });

/** The makes and types are the shared lists (`src/api/get-enum.ts`), read once for every page. */
export const useCarMakes = () => useLogged(useEnum('availableCarMakes'));
export const useCarTypes = () => useLogged(useEnum('carTypes'));
export const useCarModels = (make: string) => useQuery(carModelsQueryOptions(make));
