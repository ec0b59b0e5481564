import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { getChatRooms } from '@/api/get-chat-rooms';
import type { Schemas } from '@/api/types';
import type { QueryConfig } from '@/lib/query-client';
import { ROOMS_PAGE_SIZE } from '../lib/rules';

export type Room = Schemas['Room'];
export type UserType = 'guest' | 'host';

/** One page of the list (`limit=10`). */
export const getRooms = (userType: UserType, page: number) => getChatRooms(userType, page, ROOMS_PAGE_SIZE);

export const roomsQueryOptions = (userType: UserType, page: number) =>
  queryOptions({ queryKey: queryKeys.chat.rooms(userType, page), queryFn: () => getRooms(userType, page), placeholderData: keepPreviousData });

export function useRooms(userType: UserType, page: number, config?: QueryConfig<typeof roomsQueryOptions>) {
  return useQuery({ ...roomsQueryOptions(userType, page), ...config });
}
