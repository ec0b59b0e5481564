import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** `DELETE /host/carListing/deleteCarListing/{id}`: Start New Listing throws the draft away. */
export function deleteCarListing(carId: string) {
  return api.delete('/v1/host/carListing/deleteCarListing/{id}', { path: { id: carId } });
}

export function useDeleteCarListing() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCarListing, onSuccess: (_r, carId) => qc.removeQueries({ queryKey: queryKeys.carListing(carId) }) });
}
