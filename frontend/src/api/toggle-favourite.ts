import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FavouritesAnswer } from './get-fav-cars';
import { queryKeys } from './query-keys';

export function addFavourite(carId: string) {
  return api.post('/v1/users/addFav/{carId}', { path: { carId } });
}

export function removeFavourite(carId: string) {
  return api.post('/v1/users/removeFav/{carId}', { path: { carId } });
}

type Vars = { carId: string; favourite: boolean };

const NONE: FavouritesAnswer = { status: true, message: '', data: [], favoriteCars: [] };

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
      const before = previous ?? NONE;
      const ids = new Set(before.favoriteCars);
      if (favourite) ids.add(carId);
      else ids.delete(carId);
      // An added car's card arrives with the answer; a removed one leaves at once.
      qc.setQueryData<FavouritesAnswer>(queryKeys.favourites, { ...before, favoriteCars: [...ids], data: before.data.filter((c) => ids.has(c.carId)) });
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      qc.setQueryData<FavouritesAnswer>(queryKeys.favourites, ctx?.previous ?? NONE);
    },
    onSuccess: (answer) => {
      // addFav and removeFav answer the whole list, as getFavCars does.
      qc.setQueryData<FavouritesAnswer>(queryKeys.favourites, answer);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.favourites });
      void qc.invalidateQueries({ queryKey: queryKeys.home.staticCars });
    },
  });
}
