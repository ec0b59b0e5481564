import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { roomsQueryOptions, type UserType } from './get-rooms';

/** Pages scanned at most for a room (100 rooms), so a room of the other view does not read the whole list. */
export const MAX_SCANNED_PAGES = 10;

/**
 * The page of the list that holds `roomId`: pages 1, 2, ... are read in turn (each one stays in
 * the list's cache) until the room is found (spec 001 section 4); null when it is on none.
 */
export async function findRoomPage(qc: QueryClient, userType: UserType, roomId: string): Promise<number | null> {
  for (let page = 1; page <= MAX_SCANNED_PAGES; page++) {
    const r = await qc.fetchQuery(roomsQueryOptions(userType, page));
    if (r.chatboxes.some((room) => room.id === roomId)) return page;
    if (page >= r.numPages) return null;
  }
  return null;
}

export const roomPageQueryOptions = (qc: QueryClient, userType: UserType, roomId: string) =>
  queryOptions({ queryKey: queryKeys.chat.roomPage(userType, roomId), queryFn: () => findRoomPage(qc, userType, roomId), enabled: Boolean(roomId), retry: false, staleTime: Infinity });

export function useRoomPage(userType: UserType, roomId: string) {
  const qc = useQueryClient();
  return useQuery(roomPageQueryOptions(qc, userType, roomId));
}
