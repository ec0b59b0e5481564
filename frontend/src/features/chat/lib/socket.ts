import { env } from '@/config/env';
import type { ChatMessage } from './messages';

/** What the server sends on a channel (docs/API.md, "The real-time socket"). */
export type TypingEvent = { userId: string; userType: string; isTyping: boolean };
export type ReadEvent = { userId: string; userType: string; messageId: string; seq: number };
export type ChannelEvent =
  | { type: 'new-message'; data: ChatMessage }
  | { type: 'typing'; data: TypingEvent }
  | { type: 'read'; data: ReadEvent }
  | { type: 'error'; error: string; message: string };

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

type Channel = {
  /** The last number held: what came after it is delivered first (null: live messages only). */
  since: () => number | null;
  handlers: Set<(e: ChannelEvent) => void>;
};

export const HEARTBEAT_MS = 20_000;
/** The server closes a socket silent for 60 s; one that has heard nothing for 45 s is replaced. */
export const SILENT_MS = 45_000;
/** A socket not ready (authenticated) this long after it was opened is given up and tried again. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const BACKOFF_MIN_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/** The reconnection delay after `attempt` failures: doubling from 1 s to 30 s, with jitter (half to all of it). */
export function backoff(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(full * (0.5 + random() / 2));
}

/**
 * The socket's address: the page's origin in production (the gateway serves the app); in
 * development straight to the gateway when `VITE_API_URL` names it, else the page's origin.
 */
export function socketUrl(location: { protocol: string; host: string } = window.location, dev: boolean = import.meta.env.DEV, apiUrl: string = env.apiUrl): string {
  const origin = dev && apiUrl ? apiUrl : `${location.protocol}//${location.host}`;
  return `${origin.replace(/^http/, 'ws')}/v1/ws`;
}

/**
 * The real-time socket `/v1/ws`: `auth` first, then `subscribe` to each channel followed (with
 * `since` = the last number held, so the server first delivers what was missed). A dropped socket
 * comes back after a growing delay and subscribes again from the last number held, so no message
 * is lost; a refused token (4401) stops it. A `ping` every 20 s keeps it open, and one that has
 * heard nothing for 45 s is replaced.
 */
export class ChatSocket {
  private ws: WebSocket | null = null;
  private channels = new Map<string, Channel>();
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private lastHeard = 0;
  private ready = false;
  private stopped = false;
  private statusListeners = new Set<(s: SocketStatus) => void>();
  status: SocketStatus = 'connecting';

  constructor(
    private readonly url: string,
    private readonly token: () => string | null,
  ) {
    this.connect();
    window.addEventListener('online', this.onOnline);
  }

  /** Follows `channel` (`chat-{roomId}`); returns the unsubscribe. */
  subscribe(channel: string, since: () => number | null, handler: (e: ChannelEvent) => void): () => void {
    let c = this.channels.get(channel);
    if (!c) {
      c = { since, handlers: new Set() };
      this.channels.set(channel, c);
      if (this.ready) this.sendSubscribe(channel, c);
    } else {
      // A channel already followed (the list follows it live) that a room now follows from its
      // last number: followed again from that number (a second subscribe is a no-op for the server).
      const catchUp = since() !== null;
      if (catchUp) c.since = since;
      if (catchUp && this.ready) {
        this.send({ type: 'unsubscribe', channel });
        this.sendSubscribe(channel, c);
      }
    }
    c.handlers.add(handler);
    return () => {
      const ch = this.channels.get(channel);
      if (!ch) return;
      ch.handlers.delete(handler);
      if (ch.handlers.size === 0) {
        this.channels.delete(channel);
        if (this.ready) this.send({ type: 'unsubscribe', channel });
      }
    };
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  close(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    if (this.retry) clearTimeout(this.retry);
    this.stopHeartbeat();
    this.clearConnectTimer();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close(1000);
    }
    this.setStatus('closed');
  }

  private onOnline = () => {
    if (!this.stopped && !this.ws) {
      if (this.retry) clearTimeout(this.retry);
      this.retry = null;
      this.connect();
    }
  };

  private setStatus(s: SocketStatus) {
    if (this.status === s) return;
    this.status = s;
    this.statusListeners.forEach((l) => l(s));
  }

  private send(frame: object) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private sendSubscribe(channel: string, c: Channel) {
    const since = c.since();
    this.send(since === null ? { type: 'subscribe', channel } : { type: 'subscribe', channel, since });
  }

  private connect() {
    this.retry = null;
    const token = this.token();
    if (!token) {
      this.setStatus('closed');
      return;
    }
    this.ready = false;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      console.error('chat socket', e);
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.connectTimer = setTimeout(() => {
      if (this.ws === ws && !this.ready) this.abandon();
    }, CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      this.lastHeard = Date.now();
      ws.send(JSON.stringify({ type: 'auth', token: this.token() ?? token }));
    };
    ws.onmessage = (e) => this.onFrame(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.ready = false;
      this.stopHeartbeat();
      this.clearConnectTimer();
      if (this.stopped) return;
      // 4401: the token is refused; another try with it would be refused again.
      if (e.code === 4401) {
        this.setStatus('closed');
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    this.setStatus('reconnecting');
    const delay = backoff(this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => this.connect(), delay);
  }

  private onFrame(raw: unknown) {
    this.lastHeard = Date.now();
    let frame: { type?: string; channel?: string; data?: unknown; error?: string; message?: string };
    try {
      frame = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (frame.type === 'ready') {
      this.ready = true;
      this.clearConnectTimer();
      this.attempt = 0;
      this.setStatus('open');
      this.startHeartbeat();
      this.channels.forEach((c, name) => this.sendSubscribe(name, c));
      return;
    }
    if (!frame.channel) {
      if (frame.type === 'error') console.error('chat socket:', frame.error, frame.message);
      return;
    }
    const c = this.channels.get(frame.channel);
    if (!c) return;
    let event: ChannelEvent | null = null;
    if (frame.type === 'new-message' || frame.type === 'typing' || frame.type === 'read') event = { type: frame.type, data: frame.data } as ChannelEvent;
    else if (frame.type === 'error') event = { type: 'error', error: frame.error ?? '', message: frame.message ?? '' };
    if (event) c.handlers.forEach((h) => h(event));
  }

  private startHeartbeat() {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastHeard > SILENT_MS) {
        // Silent too long: the connection is gone without a close.
        this.abandon();
        return;
      }
      this.send({ type: 'ping' });
    }, HEARTBEAT_MS);
  }

  /** Drops the current socket without waiting for its close (a dead connection may never send one) and tries again. */
  private abandon() {
    const ws = this.ws;
    this.ws = null;
    this.ready = false;
    this.stopHeartbeat();
    this.clearConnectTimer();
    if (ws) {
      ws.onopen = null;
      ws.onclose = null;
      ws.onmessage = null;
      ws.close(4000);
    }
    this.scheduleReconnect();
  }

  private clearConnectTimer() {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
