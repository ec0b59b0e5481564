import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favouritesQueryKey, type FavouritesAnswer } from './get-fav-cars';

export function addFavourite(carId: string): Promise<FavouritesAnswer> {
  return api.post<FavouritesAnswer>(`/users/addFav/${encodeURIComponent(carId)}`);
}

export function removeFavourite(carId: string): Promise<FavouritesAnswer> {
  return api.post<FavouritesAnswer>(`/users/removeFav/${encodeURIComponent(carId)}`);
}

type Vars = { carId: string; favourite: boolean };

/**
 * Optimistic favourite toggle (spec 000 section 4.2): the favourites list changes at once,
 * reverts if the server refuses, and is refetched (with the car queries that carry `isFav`)
 * when the call settles.
 */
export function useToggleFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ carId, favourite }: Vars) => (favourite ? addFavourite(carId) : removeFavourite(carId)),
    onMutate: async ({ carId, favourite }) => {
      await qc.cancelQueries({ queryKey: favouritesQueryKey });
      const previous = qc.getQueryData<FavouritesAnswer>(favouritesQueryKey);
      const ids = new Set(previous?.favoriteCars ?? []);
      if (favourite) ids.add(carId);
      else ids.delete(carId);
      qc.setQueryData<FavouritesAnswer>(favouritesQueryKey, { status: true, favoriteCars: [...ids] });
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      qc.setQueryData(favouritesQueryKey, ctx?.previous ?? { status: true, favoriteCars: [] });
    },
    onSuccess: (answer) => {
      if (answer?.favoriteCars) qc.setQueryData(favouritesQueryKey, { status: true, favoriteCars: answer.favoriteCars });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: favouritesQueryKey });
      void qc.invalidateQueries({ queryKey: ['home', 'static-cars'] });
    },
  });
}
