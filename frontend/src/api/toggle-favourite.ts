import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FavouritesAnswer } from './get-fav-cars';
import { queryKeys } from './query-keys';

export function addFavourite(carId: string): Promise<FavouritesAnswer> {
  return api.post<FavouritesAnswer>(`/users/addFav/${encodeURIComponent(carId)}`);
}

export function removeFavourite(carId: string): Promise<FavouritesAnswer> {
  return api.post<FavouritesAnswer>(`/users/removeFav/${encodeURIComponent(carId)}`);
}

type Vars = { carId: string; favourite: boolean };

/**
 * Optimistic favourite toggle (spec 000 section 4.2): the favourites list changes at once,
 * reverts if the server refuses, and is refetched (with the home page's cards, which carry `isFav`)
 * when the call settles.
 */
export function useToggleFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ carId, favourite }: Vars) => (favourite ? addFavourite(carId) : removeFavourite(carId)),
    onMutate: async ({ carId, favourite }) => {
      await qc.cancelQueries({ queryKey: queryKeys.favourites });
      const previous = qc.getQueryData<FavouritesAnswer>(queryKeys.favourites);
      const ids = new Set(previous?.favoriteCars ?? []);
      if (favourite) ids.add(carId);
      else ids.delete(carId);
      qc.setQueryData<FavouritesAnswer>(queryKeys.favourites, { status: true, favoriteCars: [...ids] });
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      qc.setQueryData(queryKeys.favourites, ctx?.previous ?? { status: true, favoriteCars: [] });
    },
    onSuccess: (answer) => {
      if (answer?.favoriteCars) qc.setQueryData(queryKeys.favourites, { status: true, favoriteCars: answer.favoriteCars });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.favourites });
      void qc.invalidateQueries({ queryKey: queryKeys.home.staticCars });
    },
  });
}
