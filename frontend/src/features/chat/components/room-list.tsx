import { Link } from 'react-router';
import type { Room, UserType } from '../api/get-rooms';
import { chatTime } from '../lib/format';
import { preview } from '../lib/rules';
import { Avatar } from './avatar';
import { RoomCarPhoto, RoomTripLine } from './trip-context';

/** The other party of a room in a view: the host for a guest, the guest for a host. */
export function otherParty(room: Room, view: UserType): { name: string; picture: string } {
  return view === 'guest' ? { name: room.hostName, picture: room.hostProfilePic } : { name: room.guestName, picture: room.guestProfilePic };
}

/** When a room last moved: its last message, else its creation. */
function activity(room: Room): number {
  return new Date(room.lastMessage?.timestamp ?? room.createdAt).getTime() || 0;
}

/** Newest last message first (spec 001 section 4); the server's order breaks ties. */
export function sortRooms(rooms: Room[]): Room[] {
  return rooms
    .map((room, i) => ({ room, i }))
    .sort((a, b) => activity(b.room) - activity(a.room) || a.i - b.i)
    .map((x) => x.room);
}

/** One page of rooms; each opens /messages/{roomId}. */
export function RoomList({ rooms, view, openRoomId }: { rooms: Room[]; view: UserType; openRoomId: string | null }) {
  if (rooms.length === 0) return <p className="chat-empty">No Messages</p>;
  return (
    <ul className="chat-rooms">
      {sortRooms(rooms).map((room) => {
        const other = otherParty(room, view);
        const time = room.lastMessage?.timestamp ?? room.createdAt;
        return (
          <li key={room.id}>
            <Link to={`/messages/${room.id}`} className="chat-room-link" aria-current={room.id === openRoomId ? 'page' : undefined} data-testid="chat-room">
              <span className="chat-room-link__pics">
                <RoomCarPhoto tripId={room.tripId} />
                <Avatar name={other.name} src={other.picture} />
              </span>
              <span className="chat-room-link__body">
                <span className="chat-room-link__top">
                  <span className="chat-room-link__name">{other.name || 'Former member'}</span>
                  <time dateTime={time} className="chat-room-link__time">
                    {chatTime(time)}
                  </time>
                </span>
                <RoomTripLine tripId={room.tripId} />
                <span className="chat-room-link__preview" data-testid="chat-preview">
                  {room.lastMessage ? preview(room.lastMessage.message) : 'No messages yet'}
                </span>
                {room.unreadCount > 0 && (
                  <span className="badge chat-room-link__unread" data-testid="room-unread">
                    {room.unreadCount}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
