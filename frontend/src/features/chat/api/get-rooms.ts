import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Schemas } from '@/api/types';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { ROOMS_PAGE_SIZE } from '../lib/rules';

export type RoomsAnswer = Answer<'/v1/chat/rooms', 'get'>;
export type Room = Schemas['Room'];
export type UserType = 'guest' | 'host';

/** `GET /chat/rooms?userType&limit=10&currentPage`: one page of the caller's rooms in a view, newest message first. */
export function getRooms(userType: UserType, page: number): Promise<RoomsAnswer> {
  return api.get('/v1/chat/rooms', { params: { userType, limit: ROOMS_PAGE_SIZE, currentPage: page } });
}

export const roomsQueryOptions = (userType: UserType, page: number) =>
  queryOptions({ queryKey: queryKeys.chat.rooms(userType, page), queryFn: () => getRooms(userType, page), placeholderData: keepPreviousData });

export function useRooms(userType: UserType, page: number, config?: QueryConfig<typeof roomsQueryOptions>) {
  return useQuery({ ...roomsQueryOptions(userType, page), ...config });
}
