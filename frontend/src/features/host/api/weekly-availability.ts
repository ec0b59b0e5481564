import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type WeekAnswer = Awaited<ReturnType<typeof getWeeklyAvailability>>;
export type WeeklyBody = Body<'/v1/trips/updateWeeklyAvailability', 'post'>;

// Availability calls treat 200 and 400 as answers (spec 001 section 7): a 400 carries
// `{status: false, message}`, which the page shows. The document declares no 400 for these
// routes, so the answer keeps the 200's type.
const ANSWERS = [400] as const;

/** `GET /trips/getHostWeeklyAvailability`: `{status, message, data: {isAlwaysAvailable, weeklyAvailability}}`. */
export function getWeeklyAvailability() {
  return api.get('/v1/trips/getHostWeeklyAvailability', { acceptStatuses: ANSWERS });
}

export const weeklyAvailabilityQueryOptions = () => queryOptions({ queryKey: queryKeys.hostCars.weeklyHours, queryFn: getWeeklyAvailability });

export function useWeeklyAvailability(config?: QueryConfig<typeof weeklyAvailabilityQueryOptions>) {
  return useQuery({ ...weeklyAvailabilityQueryOptions(), ...config });
}

/** `POST /trips/updateWeeklyAvailability {isAlwaysAvailable, weeklyAvailability}`. */
export function updateWeeklyAvailability(body: WeeklyBody) {
  return api.post('/v1/trips/updateWeeklyAvailability', { body, acceptStatuses: ANSWERS });
}

export function useUpdateWeeklyAvailability() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateWeeklyAvailability,
    onSuccess: (answer) => {
      if (answer.status) qc.setQueryData(queryKeys.hostCars.weeklyHours, answer);
    },
  });
}
