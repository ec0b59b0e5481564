import type { Schemas } from '@/api/types';

/** A room as the server answers it. */
export function chatRoom(over: Partial<Schemas['Room']> = {}): Schemas['Room'] {
  return {
    id: 'room-1',
    tripId: 'trip-1',
    carId: 'car-1',
    guestId: 'g1',
    hostId: 'h1',
    guestName: 'Gabriel G.',
    guestProfilePic: '',
    hostName: 'Harper H.',
    hostProfilePic: 'https://files.example/harper.jpg',
    lastMessage: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    unreadCount: 0,
    ...over,
  };
}

/** A stored message. */
export function chatMessage(over: Partial<Schemas['ChatMessage']> = {}): Schemas['ChatMessage'] {
  const message = over.message ?? 'Hello';
  return {
    id: `m${over.seq ?? 1}`,
    roomId: 'room-1',
    seq: 1,
    senderId: 'h1',
    senderType: 'host',
    message,
    msg: message,
    imageUrl: [],
    timestamp: '2026-11-27T10:00:00.000Z',
    masked: false,
    ...over,
  };
}

/**
 * A WebSocket the test drives: it records what the page sends (`sent`, parsed) and lets the test
 * play the server (`open`, `serverSend`, `serverClose`). Installed with `vi.stubGlobal('WebSocket', FakeWebSocket)`.
 */
export class FakeWebSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  static last(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error('no socket opened');
    return ws;
  }
  static reset() {
    FakeWebSocket.instances = [];
  }

  readyState = FakeWebSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }
  /** The connection opens. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }
  /** Opens and answers the `auth` frame with `ready`, as the server does. */
  accept(userId = 'me') {
    this.open();
    this.serverSend({ type: 'ready', userId });
  }
  serverSend(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  serverClose(code: number) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }
  /** The frames of one type the page sent. */
  frames(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
}
