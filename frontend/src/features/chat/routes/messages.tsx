import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { useSession } from '@/lib/auth';
import { useHostView } from '@/lib/host-view';
import { userIdOf } from '@/lib/session';
import { useRoomPage } from '../api/find-room-page';
import { useRooms, type UserType } from '../api/get-rooms';
import { ChatPanel } from '../components/chat-panel';
import { Pagination } from '../components/pagination';
import { RoomList } from '../components/room-list';
import { useChatSocket } from '../lib/use-chat-socket';
import '../chat.css';

/**
 * /messages and /messages/{roomId} (spec 000 section 4.7, spec 001 sections 2, 4, 9): the rooms
 * of the current view (host view: the rooms of the user's cars), 10 a page, newest last message
 * first, and the open room beside them on desktop (one at a time on mobile). With a room id, the
 * list's pages are scanned for the page that holds it. The list's failures are only logged.
 */
export default function MessagesRoute() {
  const session = useSession();
  const { roomId = '' } = useParams();
  const location = useLocation();
  const hostView = useHostView();
  const view: UserType = hostView ? 'host' : 'guest';
  const myId = userIdOf(session?.user);
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const { socket, status } = useChatSocket(session?.token ?? null);

  useEffect(() => {
    if (!roomId) document.title = 'Messages | Upcar';
  }, [roomId]);

  if (!session) return <Navigate to={`/login-static?nextPage=${encodeURIComponent(location.pathname)}`} replace />;

  return (
    <main id="main" className="page chat-page" data-testid="messages-page" data-socket={status}>
      <h1 className={roomId ? 'chat-page__title chat-page__title--room-open' : 'chat-page__title'}>Messages</h1>
      {notice && (
        <p role="alert" className="chat-notice">
          {notice}
        </p>
      )}
      <div className={`chat-layout${roomId ? ' chat-layout--room' : ''}`}>
        <RoomsColumn key={view} view={view} roomId={roomId} socket={socket} />
        <div className="chat-layout__room">
          {roomId ? (
            <ChatPanel key={roomId} roomId={roomId} view={view} myId={myId} socket={socket} status={status} />
          ) : (
            <p className="chat-pick">Choose a conversation to read it.</p>
          )}
        </div>
      </div>
    </main>
  );
}

function RoomsColumn({ view, roomId, socket }: { view: UserType; roomId: string; socket: ReturnType<typeof useChatSocket>['socket'] }) {
  const qc = useQueryClient();
  const found = useRoomPage(view, roomId);
  const [chosen, setChosen] = useState<number | null>(null);
  const page = chosen ?? found.data ?? 1;
  const rooms = useRooms(view, page);

  // Fetch failures are logged only (spec 001 section 8); the page stays usable.
  useEffect(() => {
    if (rooms.error) console.error('Failed to load chat rooms', rooms.error);
  }, [rooms.error]);
  useEffect(() => {
    if (found.error) console.error('Failed to find the chat room in the list', found.error);
  }, [found.error]);

  // A message in any room of this page moves it up: the list is read again.
  const ids = (rooms.data?.chatboxes ?? []).map((r) => r.id).join(',');
  useEffect(() => {
    if (!socket || !ids) return;
    const offs = ids.split(',').map((id) =>
      socket.subscribe(`chat-${id}`, () => null, (e) => {
        if (e.type === 'new-message') void qc.invalidateQueries({ queryKey: queryKeys.chat.roomLists });
      }),
    );
    return () => offs.forEach((off) => off());
  }, [socket, ids, qc]);

  const numPages = rooms.data?.numPages ?? 0;
  const waiting = rooms.isPending || (Boolean(roomId) && chosen === null && found.isPending);
  return (
    <section className="chat-layout__list" aria-labelledby="chat-rooms-title">
      <h2 id="chat-rooms-title" className="sr-only">
        Conversations
      </h2>
      {waiting ? (
        <p className="chat-empty" aria-busy="true">
          Loading conversations…
        </p>
      ) : (
        <>
          <RoomList rooms={rooms.data?.chatboxes ?? []} view={view} openRoomId={roomId || null} />
          <Pagination page={page} numPages={numPages} onPage={setChosen} />
        </>
      )}
    </section>
  );
}
