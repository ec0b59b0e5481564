import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { UserType } from './get-rooms';


export const MESSAGES_PAGE_SIZE = 50;

/**
 * `GET /chat/getmessages?roomId&userType&before&limit`: a page of the room's messages, oldest
 * first; without `before` the newest (reading it marks the room read for the caller's side).
 */
export function getMessages(roomId: string, userType: UserType, before?: string) {
  return api.get('/v1/chat/getmessages', { params: { roomId, userType, before, limit: MESSAGES_PAGE_SIZE } });
}

/** The newest page; what follows it comes over the socket. Read once per visit to the room. */
export const messagesQueryOptions = (roomId: string, userType: UserType) =>
  queryOptions({
    queryKey: queryKeys.chat.messages(roomId),
    queryFn: () => getMessages(roomId, userType),
    enabled: Boolean(roomId),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export function useMessages(roomId: string, userType: UserType, config?: QueryConfig<typeof messagesQueryOptions>) {
  return useQuery({ ...messagesQueryOptions(roomId, userType), ...config });
}
