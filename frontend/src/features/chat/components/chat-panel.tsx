import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { uploadFiles } from '@/api/upload-photos';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { getMessages, useMessages } from '../api/get-messages';
import { useRoom } from '../api/get-room';
import { ChatTripHeader } from './trip-context';
import type { UserType } from '../api/get-rooms';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { sendTyping } from '../api/send-typing';
import { messageTime } from '../lib/format';
import { addMessage, addMessages, confirmSent, dropPending, lastFromOthers, lastSeq, type ShownMessage } from '../lib/messages';
import { SEND_FAILED } from '../lib/rules';
import type { ChannelEvent, ChatSocket, SocketStatus } from '../lib/socket';
import { createTypingSender } from '../lib/typing';
import { Avatar } from './avatar';
import { Composer } from './composer';

/** How long the other party's "typing" shows without news (the server says "stopped" within 2 s). */
const TYPING_SHOWN_MS = 6000;

function newLocalId(): string {
  return `local-${crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;
}

/**
 * A room: its messages in order, each on its sender's side with its time and pictures; new ones
 * and the other party's typing arrive over the socket. Sending shows the message at once and
 * keeps one copy when the socket's echo comes too (spec 000 section 4.7). A room that cannot be
 * loaded sends the user to /messages with the reason.
 */
export function ChatPanel({ roomId, view, myId, socket, status }: { roomId: string; view: UserType; myId: string | null; socket: ChatSocket | null; status: SocketStatus }) {
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const room = useRoom(roomId, view);
  const first = useMessages(roomId, view);
  const send = useSendMessage();
  const { mutate: markRead } = useMarkRead();
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [otherTyping, setOtherTyping] = useState(false);
  const [otherReadSeq, setOtherReadSeq] = useState(0);
  const held = useRef<ShownMessage[]>([]);
  held.current = messages;
  const marked = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const chatbox = room.data?.chatbox;
  const mySide: UserType = chatbox ? (chatbox.guestId === myId ? 'guest' : 'host') : view;
  const other = chatbox ? (mySide === 'guest' ? { name: chatbox.hostName, picture: chatbox.hostProfilePic } : { name: chatbox.guestName, picture: chatbox.guestProfilePic }) : null;
  const otherName = other?.name || 'The other party';

  // A room that cannot be read: back to the list, saying why.
  const failure = room.error ?? first.error;
  useEffect(() => {
    if (!failure) return;
    console.error('chat room', failure);
    navigate('/messages', { replace: true, state: { notice: errorMessage(failure, 'This conversation could not be loaded.') } });
  }, [failure, navigate]);

  useEffect(() => {
    if (chatbox) document.title = `${otherName} | Messages | Upcar`;
  }, [chatbox, otherName]);

  // The newest page: the messages held from now on (the socket adds what follows).
  useEffect(() => {
    if (!first.data) return;
    setMessages((held) => addMessages(held, first.data.formattedMessages));
    setHasMore(first.data.hasMore);
    setOtherReadSeq(first.data.lastReadSeq);
    // Reading the newest page marked the room read.
    marked.current = lastFromOthers(addMessages([], first.data.formattedMessages), myId)?.id ?? null;
  }, [first.data, myId]);

  // Read when seen: the newest message of the other side, while the page is in view.
  const markSeen = useCallback(() => {
    if (document.visibilityState === 'hidden') return;
    const last = lastFromOthers(held.current, myId);
    if (!last || last.id === marked.current) return;
    marked.current = last.id;
    markRead({ roomId, messageId: last.id }, { onError: (e) => console.error('chat markRead', e) });
  }, [markRead, myId, roomId]);
  useEffect(() => {
    markSeen();
  }, [messages, markSeen]);
  useEffect(() => {
    document.addEventListener('visibilitychange', markSeen);
    return () => document.removeEventListener('visibilitychange', markSeen);
  }, [markSeen]);

  // Real time: subscribed from the last number held, so a reconnection delivers what was missed.
  const loaded = Boolean(first.data);
  useEffect(() => {
    if (!socket || !loaded) return;
    const onEvent = (e: ChannelEvent) => {
      if (e.type === 'new-message') {
        setMessages((l) => addMessage(l, e.data));
        if (e.data.senderId !== myId) setOtherTyping(false);
        void qc.invalidateQueries({ queryKey: queryKeys.chat.roomLists });
      } else if (e.type === 'typing') {
        if (e.data.userId === myId) return;
        setOtherTyping(e.data.isTyping);
        if (typingTimer.current) clearTimeout(typingTimer.current);
        if (e.data.isTyping) typingTimer.current = setTimeout(() => setOtherTyping(false), TYPING_SHOWN_MS);
      } else if (e.type === 'read') {
        if (e.data.userType !== mySide) setOtherReadSeq((s) => Math.max(s, e.data.seq));
      } else if (e.type === 'error') {
        console.error('chat socket', e.error, e.message);
      }
    };
    return socket.subscribe(`chat-${roomId}`, () => lastSeq(held.current), onEvent);
  }, [socket, loaded, roomId, myId, mySide, qc]);
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  // Typing: said about 500 ms after a change, stopped after 2 s idle or when the message goes.
  const typing = useMemo(() => createTypingSender((isTyping) => void sendTyping(roomId, isTyping).catch((e) => console.error('chat typing', e))), [roomId]);
  useEffect(() => () => typing.stop(), [typing]);

  // The newest message in view.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, otherTyping]);

  const onSend = async (text: string, files: File[]): Promise<boolean> => {
    typing.stop();
    const localId = newLocalId();
    try {
      const imageUrl = await uploadFiles(files, { fallback: (f) => `Failed to upload ${f.name}` });
      const message = text.trim();
      const pending: ShownMessage = { id: localId, roomId, seq: 0, senderId: myId ?? '', senderType: mySide, message, msg: message, imageUrl, timestamp: new Date().toISOString(), masked: false, pending: true, sentAt: Date.now() };
      setMessages((l) => addMessage(l, pending));
      const r = await send.mutateAsync({ roomId, message, senderType: mySide, imageUrl, clientMessageId: localId });
      setMessages((l) => confirmSent(l, localId, r.data));
      // The other side sees contact details hidden until the booking is confirmed: say why.
      if (r.notice) toast.show(r.notice, 'info', 6000);
      return true;
    } catch (e) {
      setMessages((l) => dropPending(l, localId));
      toast.show(errorMessage(e, SEND_FAILED), 'error');
      return false;
    }
  };

  const loadOlder = async () => {
    const oldest = messages.find((m) => !m.pending);
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const r = await getMessages(roomId, view, oldest.id);
      setMessages((l) => addMessages(l, r.formattedMessages));
      setHasMore(r.hasMore);
    } catch (e) {
      console.error('chat older messages', e);
      toast.show(errorMessage(e, 'Older messages could not be loaded.'), 'error');
    } finally {
      setLoadingOlder(false);
    }
  };

  const myLastSeq = messages.reduce((s, m) => (!m.pending && m.senderId === myId ? Math.max(s, m.seq) : s), 0);

  return (
    <section className="chat-panel" aria-labelledby="chat-panel-title" data-testid="chat-panel">
      <header className="chat-panel__head">
        <Link to="/messages" className="btn btn--ghost btn--sm chat-panel__back">
          ‹ All messages
        </Link>
        {other && <Avatar name={other.name} src={other.picture} />}
        <h2 id="chat-panel-title">{other ? otherName : 'Conversation'}</h2>
        {chatbox && <ChatTripHeader tripId={chatbox.tripId} />}
        {status === 'reconnecting' && (
          <span className="chat-panel__status" role="status">
            Reconnecting…
          </span>
        )}
      </header>
      {first.isPending || room.isPending ? (
        <div className="chat-panel__loading">
          <Skeleton className="skeleton--block" />
        </div>
      ) : (
        <>
          <ol className="chat-messages" ref={list} aria-label={`Messages with ${otherName}`} tabIndex={0}>
            {hasMore && (
              <li className="chat-messages__more">
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => void loadOlder()} disabled={loadingOlder}>
                  {loadingOlder ? 'Loading…' : 'Earlier messages'}
                </button>
              </li>
            )}
            {messages.length === 0 && <li className="chat-messages__empty">No messages yet. Say hello.</li>}
            {messages.map((m) => {
              const mine = m.senderId === myId;
              return (
                <li key={m.id} className={`chat-msg ${mine ? 'chat-msg--mine' : 'chat-msg--theirs'}${m.pending ? ' chat-msg--pending' : ''}`} data-testid="chat-message">
                  <span className="sr-only">{mine ? 'You' : otherName}: </span>
                  {m.message && <p className="chat-msg__text">{m.message}</p>}
                  {m.imageUrl.length > 0 && (
                    <span className="chat-msg__images">
                      {m.imageUrl.map((url, i) => (
                        <a key={url} href={url} target="_blank" rel="noreferrer">
                          <img src={url} alt={`Photo ${i + 1} from ${mine ? 'you' : otherName}`} loading="lazy" />
                        </a>
                      ))}
                    </span>
                  )}
                  <span className="chat-msg__meta">
                    <time dateTime={m.timestamp}>{messageTime(m.timestamp)}</time>
                    {m.pending ? ' · Sending…' : mine && m.seq === myLastSeq && otherReadSeq >= m.seq ? ' · Seen' : ''}
                  </span>
                </li>
              );
            })}
          </ol>
          <p className="chat-typing" role="status" aria-live="polite">
            {otherTyping ? `${otherName} is typing…` : ''}
          </p>
          <Composer onSend={onSend} onTyping={typing.changed} disabled={!chatbox} />
        </>
      )}
    </section>
  );
}
