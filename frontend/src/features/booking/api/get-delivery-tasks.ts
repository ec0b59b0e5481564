import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Schemas } from '@/api/types';
import { ApiError, api } from '@/lib/api-client';

export type DeliveryTask = Schemas['DeliveryTask'];

/**
 * `GET /trips/getDeliveryTasks/{tripId}`: the trip's delivery and return (status, step, captain's
 * first name, ETA). A 404 means the trip has no delivery: that answers an empty list, not an error.
 */
export async function getDeliveryTasks(tripId: string): Promise<DeliveryTask[]> {
  try {
    const r = await api.get('/v1/trips/getDeliveryTasks/{tripId}', { path: { tripId } });
    return r.data ?? [];
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

// While a captain is on the way the ETA moves: asked again every minute until nothing is moving.
const moving = (tasks: DeliveryTask[] | undefined) => Boolean(tasks?.some((t) => t.status === 'in_progress' || (t.status === 'scheduled' && t.step)));

export const deliveryTasksQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.trips.delivery(tripId),
    queryFn: () => getDeliveryTasks(tripId),
    enabled: Boolean(tripId),
    retry: false,
    refetchInterval: (q) => (moving(q.state.data) ? 60_000 : false),
  });

export const useDeliveryTasks = (tripId: string) => useQuery(deliveryTasksQueryOptions(tripId));
