import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { queryKeys } from './query-keys';

/** The favourites: the cars' cards (`data`) and their ids (`favoriteCars`). */
export type FavouritesAnswer = Awaited<ReturnType<typeof getFavCars>>;

export function getFavCars() {
  return api.get('/v1/users/getFavCars');
}

export const favCarsQueryOptions = () => queryOptions({ queryKey: queryKeys.favourites, queryFn: getFavCars });

/** The signed-in user's favourite car ids; undefined while logged out or loading. */
export function useFavCars() {
  const session = useSession();
  return useQuery({ ...favCarsQueryOptions(), enabled: Boolean(session) });
}
