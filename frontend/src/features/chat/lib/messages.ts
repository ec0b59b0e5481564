import type { Schemas } from '@/api/types';
import { DEDUP_WINDOW_MS } from './rules';

export type ChatMessage = Schemas['ChatMessage'];

/** A message on screen: a stored one, or one of ours on its way (`pending`, numbered after every stored one). */
export type ShownMessage = ChatMessage & { pending?: boolean; sentAt?: number };

function sameImages(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((u, i) => u === y[i]);
}

/**
 * Whether `incoming` (from the socket or a send's answer) is our own pending message: same room,
 * same sender, same text and pictures, within 5 s of sending (spec 000 section 4.7).
 */
export function isEchoOf(own: ShownMessage, incoming: ChatMessage, now: number): boolean {
  return (
    Boolean(own.pending) &&
    own.roomId === incoming.roomId &&
    own.senderId === incoming.senderId &&
    own.message.trim() === incoming.message.trim() &&
    sameImages(own.imageUrl, incoming.imageUrl) &&
    now - (own.sentAt ?? 0) <= DEDUP_WINDOW_MS
  );
}

function order(a: ShownMessage, b: ShownMessage): number {
  if (a.pending !== b.pending) return a.pending ? 1 : -1;
  if (a.pending) return (a.sentAt ?? 0) - (b.sentAt ?? 0);
  return a.seq - b.seq;
}

/**
 * Adds a stored message to the list once: a message already held (by id) is dropped, and one
 * that is the echo of our pending message takes its place. The list stays in the room's order.
 */
export function addMessage(list: ShownMessage[], incoming: ChatMessage, now = Date.now()): ShownMessage[] {
  if (list.some((m) => !m.pending && m.id === incoming.id)) return list;
  const echo = list.findIndex((m) => isEchoOf(m, incoming, now));
  const next = echo >= 0 ? list.map((m, i) => (i === echo ? { ...incoming } : m)) : [...list, { ...incoming }];
  return next.sort(order);
}

export function addMessages(list: ShownMessage[], incoming: ChatMessage[], now = Date.now()): ShownMessage[] {
  return incoming.reduce((acc, m) => addMessage(acc, m, now), list);
}

/** The send's answer: the pending message becomes the stored one (once, whatever came first). */
export function confirmSent(list: ShownMessage[], localId: string, stored: ChatMessage, now = Date.now()): ShownMessage[] {
  return addMessage(
    list.filter((m) => m.id !== localId),
    stored,
    now,
  );
}

/** A send that failed: its pending message goes (the text stays in the composer). */
export function dropPending(list: ShownMessage[], localId: string): ShownMessage[] {
  return list.filter((m) => m.id !== localId);
}

/** The newest stored number held: a socket subscribes with it as `since` to get what came after. */
export function lastSeq(list: ShownMessage[]): number {
  return list.reduce((max, m) => (!m.pending && m.seq > max ? m.seq : max), 0);
}

/** The newest stored message of the other side (what marking read points at). */
export function lastFromOthers(list: ShownMessage[], myId: string | null): ShownMessage | null {
  for (let i = list.length - 1; i >= 0; i--) if (!list[i].pending && list[i].senderId !== myId) return list[i];
  return null;
}
