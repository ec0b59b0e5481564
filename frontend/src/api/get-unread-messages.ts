import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/auth';
import { getChatRooms } from './get-chat-rooms';
import { queryKeys } from './query-keys';

/**
 * How many messages the signed-in user has not read in a view: the server counts them over every
 * room of the view (`unreadTotal` of `GET /chat/rooms`), so one small page is asked for.
 */
export function getUnreadMessages(userType: 'guest' | 'host'): Promise<number> {
  return getChatRooms(userType, 1, 1).then((r) => r.unreadTotal ?? 0);
}

export const unreadMessagesQueryOptions = (userType: 'guest' | 'host') =>
  // A message received elsewhere shows within a minute; the chat refreshes it at once (its lists' prefix).
  queryOptions({ queryKey: queryKeys.chat.unread(userType), queryFn: () => getUnreadMessages(userType), refetchInterval: 60_000, staleTime: 15_000 });

/** The header's unread count; undefined while logged out or loading. */
export function useUnreadMessages(userType: 'guest' | 'host') {
  const session = useSession();
  return useQuery({ ...unreadMessagesQueryOptions(userType), enabled: Boolean(session) });
}
