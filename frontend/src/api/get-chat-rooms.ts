import { api } from '@/lib/api-client';

/**
 * `GET /chat/rooms?userType&limit&currentPage`: one page of the caller's rooms in a view (guest or
 * host), newest message first, with `unreadTotal` over every room of the view. The chat's list,
 * the header's unread count and a trip's room all read it.
 */
export function getChatRooms(userType: 'guest' | 'host', page: number, limit: number) {
  return api.get('/v1/chat/rooms', { params: { userType, limit, currentPage: page } });
}
