import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, chatMessage } from '../test-utils';
import { backoff, ChatSocket, socketUrl, type ChannelEvent } from './socket';

describe('the real-time socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('authenticates first, then subscribes from the last number held, and hands the channel its events', () => {
    const socket = new ChatSocket('ws://gw/v1/ws', () => 'tok');
    const events: ChannelEvent[] = [];
    socket.subscribe('chat-room-1', () => 4, (e) => events.push(e));
    const ws = FakeWebSocket.last();
    ws.open();
    expect(ws.sent).toEqual([{ type: 'auth', token: 'tok' }]);
    ws.serverSend({ type: 'ready', userId: 'me' });
    expect(ws.frames('subscribe')).toEqual([{ type: 'subscribe', channel: 'chat-room-1', since: 4 }]);
    ws.serverSend({ type: 'new-message', channel: 'chat-room-1', data: chatMessage({ seq: 5 }) });
    ws.serverSend({ type: 'typing', channel: 'chat-room-1', data: { userId: 'h1', userType: 'host', isTyping: true } });
    ws.serverSend({ type: 'new-message', channel: 'chat-other', data: chatMessage({ seq: 9 }) });
    expect(events.map((e) => e.type)).toEqual(['new-message', 'typing']);
    socket.close();
  });

  it('comes back after a dropped connection with a growing delay, subscribing from what it holds then', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    let held = 4;
    const socket = new ChatSocket('ws://gw/v1/ws', () => 'tok');
    socket.subscribe('chat-room-1', () => held, () => {});
    FakeWebSocket.last().accept();
    held = 7;
    FakeWebSocket.last().serverClose(1012);
    expect(socket.status).toBe('reconnecting');
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // This one fails too: the next wait is longer.
    FakeWebSocket.last().serverClose(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const ws = FakeWebSocket.last();
    ws.accept();
    expect(ws.frames('subscribe')).toEqual([{ type: 'subscribe', channel: 'chat-room-1', since: 7 }]);
    expect(socket.status).toBe('open');
    socket.close();
  });

  it('stops when the token is refused (4401), and pings every 20 s while open', () => {
    const socket = new ChatSocket('ws://gw/v1/ws', () => 'tok');
    const ws = FakeWebSocket.last();
    ws.accept();
    vi.advanceTimersByTime(20_000);
    expect(ws.frames('ping')).toHaveLength(1);
    ws.serverClose(4401);
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.status).toBe('closed');
  });

  it('replaces a socket that has heard nothing for 45 s', () => {
    const socket = new ChatSocket('ws://gw/v1/ws', () => 'tok');
    FakeWebSocket.last().accept();
    vi.advanceTimersByTime(60_000);
    expect(socket.status).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.close();
  });

  it('follows a live-only channel again from the last number when a room subscribes to it', () => {
    const socket = new ChatSocket('ws://gw/v1/ws', () => 'tok');
    const ws = FakeWebSocket.last();
    ws.accept();
    const offList = socket.subscribe('chat-room-1', () => null, () => {});
    const offRoom = socket.subscribe('chat-room-1', () => 3, () => {});
    expect(ws.sent.slice(1)).toEqual([
      { type: 'subscribe', channel: 'chat-room-1' },
      { type: 'unsubscribe', channel: 'chat-room-1' },
      { type: 'subscribe', channel: 'chat-room-1', since: 3 },
    ]);
    offList();
    expect(ws.frames('unsubscribe')).toHaveLength(1);
    offRoom();
    expect(ws.frames('unsubscribe')).toHaveLength(2);
    socket.close();
  });

  it('gives up a socket that is not ready within 10 s (an upgrade nobody answers) and tries again', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const socket = new ChatSocket('ws://gw/v1/ws', () => 'tok');
    vi.advanceTimersByTime(9999);
    expect(socket.status).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(socket.status).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().accept();
    vi.advanceTimersByTime(15_000);
    expect(socket.status).toBe('open');
    socket.close();
  });

  it('waits 1 s doubling up to 30 s, with jitter', () => {
    expect(backoff(0, () => 1)).toBe(1000);
    expect(backoff(3, () => 1)).toBe(8000);
    expect(backoff(10, () => 1)).toBe(30_000);
    expect(backoff(10, () => 0)).toBe(15_000);
  });

  it('connects to the page origin in production, and to VITE_API_URL in development', () => {
    const loc = { protocol: 'https:', host: 'upcar.example' };
    expect(socketUrl(loc, false, 'https://api.example')).toBe('wss://upcar.example/v1/ws');
    expect(socketUrl(loc, true, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/v1/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:5185' }, true, '')).toBe('ws://127.0.0.1:5185/v1/ws');
  });
});
