import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type BlocksAnswer = Awaited<ReturnType<typeof getCustomAvailability>>;
export type Block = BlocksAnswer['data'][number];
export type CustomBody = Body<'/v1/trips/updateCustomAvailabilityForHost', 'post'>;
export type BlockInput = NonNullable<CustomBody['customAvailability']>[number];

// 200 and 400 are answers of the availability calls (spec 001 section 7). The document declares
// no 400 for these routes, so the answer keeps the 200's type (a 400 is `{status: false, message}`).
const ANSWERS = [400] as const;

/** `GET /trips/getCustomAvailabilityForHost`: the host's blocks (a co-host's blocks of a team car included). */
export function getCustomAvailability() {
  return api.get('/v1/trips/getCustomAvailabilityForHost', { acceptStatuses: ANSWERS });
}

export const customAvailabilityQueryOptions = () => queryOptions({ queryKey: queryKeys.hostCars.blocks, queryFn: getCustomAvailability });

export function useCustomAvailability(config?: QueryConfig<typeof customAvailabilityQueryOptions>) {
  return useQuery({ ...customAvailabilityQueryOptions(), ...config });
}

/** `POST /trips/updateCustomAvailabilityForHost {action, customAvailability}`: answers all the host's blocks. */
export function updateCustomAvailability(action: 'add' | 'update' | 'delete', blocks: BlockInput[]) {
  return api.post('/v1/trips/updateCustomAvailabilityForHost', { body: { action, customAvailability: blocks }, acceptStatuses: ANSWERS });
}

export function useUpdateCustomAvailability() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, blocks }: { action: 'add' | 'update' | 'delete'; blocks: BlockInput[] }) => updateCustomAvailability(action, blocks),
    onSuccess: (answer) => {
      if (answer.status) qc.setQueryData(queryKeys.hostCars.blocks, answer);
    },
  });
}
