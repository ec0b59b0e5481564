import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { UserType } from './get-rooms';


/** `GET /chat/getChatRoom?roomId&userType`: the room (the whole last message); 404 `room_not_found` for anyone who may not read it. */
export function getRoom(roomId: string, userType: UserType) {
  return api.get('/v1/chat/getChatRoom', { params: { roomId, userType } });
}

export const roomQueryOptions = (roomId: string, userType: UserType) =>
  queryOptions({ queryKey: queryKeys.chat.room(roomId), queryFn: () => getRoom(roomId, userType), enabled: Boolean(roomId), retry: false });

export function useRoom(roomId: string, userType: UserType, config?: QueryConfig<typeof roomQueryOptions>) {
  return useQuery({ ...roomQueryOptions(roomId, userType), ...config });
}
