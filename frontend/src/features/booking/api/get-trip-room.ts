import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import type { Schemas } from '@/api/types';
import { getChatRooms } from '@/api/get-chat-rooms';

/** Pages read at most (the rooms list is newest activity first, a trip's room is rarely far down). */
const MAX_PAGES = 10;

/**
 * The chat room of a trip, as the viewer's side lists it (`GET /chat/rooms`, page by page):
 * messaging opens one per booking. Null when the trip has none (yet).
 */
export async function findTripRoom(tripId: string, userType: 'guest' | 'host'): Promise<Schemas['Room'] | null> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await getChatRooms(userType, page, 10);
    const room = r.chatboxes.find((c) => c.tripId === tripId);
    if (room) return room;
    if (page >= r.numPages) return null;
  }
  return null;
}

export const tripRoomQueryOptions = (tripId: string, userType: 'guest' | 'host') =>
  queryOptions({ queryKey: queryKeys.chat.tripRoom(userType, tripId), queryFn: () => findTripRoom(tripId, userType), enabled: Boolean(tripId), staleTime: 60_000 });

export function useTripRoom(tripId: string, userType: 'guest' | 'host', enabled = true) {
  return useQuery({ ...tripRoomQueryOptions(tripId, userType), enabled: enabled && Boolean(tripId) });
}
