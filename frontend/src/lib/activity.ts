import { buildUrl } from './api-client';
import { getToken } from './session';

/**
 * The activity log of spec 000 sections 3 and 7 and spec 002 section 7: events are sent in
 * batches of 50, or 2 seconds after the first one waiting, and flushed when the page is hidden or
 * left (by `navigator.sendBeacon` for anonymous visitors, `fetch` with `keepalive` otherwise: see
 * `sendBulk`); a batch that fails is only logged. The server takes the user from the token (never
 * from the event) and corrects the browser's clock with the batch's `sentAt` (docs/API.md).
 */

/** Events in one batch (the server's limit too). */
export const BATCH_SIZE = 50;
/** How long the first waiting event waits for more. */
export const BATCH_DELAY_MS = 2000;

export type ActivityEvent = {
  eventId: string;
  sessionId: string;
  activityType: string;
  activityCategory: string;
  metadata: Record<string, unknown>;
  timestamp: string;
};

/** Sends one batch; `keepalive` when the page is going away. */
export type SendBatch = (events: ActivityEvent[], keepalive: boolean) => Promise<void>;

function randomId(): string {
  return crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/** One id per browser tab session (`sessionId` of the spec's event). */
export function activitySessionId(): string {
  const KEY = 'activity-session-id';
  try {
    let id = sessionStorage.getItem(KEY);
    if (!id) {
      id = randomId();
      sessionStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return 'unknown';
  }
}

/** The body of `POST /v1/activity/bulk`: the events and the browser's clock (`sentAt`). */
function bulkBody(events: ActivityEvent[]): string {
  return JSON.stringify({ activities: events, sentAt: new Date().toISOString() });
}

/**
 * Hands a batch to `navigator.sendBeacon`, which the browser delivers after the page is gone.
 * False when the browser has no beacon or refuses this one (too large, or over its quota).
 */
function beacon(url: string, body: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/**
 * `POST /v1/activity/bulk` with the guest session's token when there is one.
 *
 * When the page goes away (`keepalive`), an anonymous visitor's batch goes by
 * `navigator.sendBeacon`. A beacon cannot carry an `Authorization` header and the server reads
 * the user only from the token (a `userId` in the body is dropped, docs/API.md "Activity"), so a
 * signed-in user's batch goes by `fetch` with `keepalive` instead, which outlives the page the
 * same way and keeps the header; so does an anonymous batch the browser refuses to beacon.
 */
export const sendBulk: SendBatch = async (events, keepalive) => {
  const url = buildUrl('/activity/bulk');
  const body = bulkBody(events);
  const token = getToken();
  if (keepalive && !token && beacon(url, body)) return;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', headers, body, keepalive });
  if (!res.ok) throw new Error(`activity batch refused (${res.status})`);
};

/** A queue of events and its batching. */
export function createActivityLog(send: SendBatch, sessionId: () => string = activitySessionId) {
  let queue: ActivityEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = (keepalive = false): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH_SIZE);
      queue = queue.slice(BATCH_SIZE);
      send(batch, keepalive).catch((err: unknown) => {
        // The spec: a failed batch is logged only.
        console.warn('activity batch not sent', err);
      });
    }
  };

  const track = (activityType: string, activityCategory: string, metadata: Record<string, unknown> = {}): void => {
    queue.push({
      eventId: randomId(),
      sessionId: sessionId(),
      activityType,
      activityCategory,
      metadata: {
        pageUrl: typeof location === 'undefined' ? '' : location.href,
        referrer: typeof document === 'undefined' ? '' : document.referrer,
        ...metadata,
      },
      timestamp: new Date().toISOString(),
    });
    if (queue.length >= BATCH_SIZE) {
      flush();
    } else if (timer === null) {
      timer = setTimeout(() => flush(), BATCH_DELAY_MS);
    }
  };

  return { track, flush, pending: () => queue.length };
}

/** The app's activity log. */
export const activity = createActivityLog(sendBulk);

/**
 * The funnel events of spec 000 section 7 and spec 002 section 2, with the types and categories
 * of `GET /v1/activity/types`. The services log their own copies (`source: server`) that the
 * funnel counts; these are the browser's side of the same steps.
 */
export function logCarViewed(carId: string): void {
  activity.track('car_viewed', 'car', { carId });
}

/**
 * A search answered: where, when, the filters set and how many cars came back (the funnel's
 * first step, which only the web app logs).
 */
export function logSearch(search: { address: string; latitude: number; longitude: number; startDate: string; startTime: string; endDate: string; endTime: string; page: number; filters: number; results: number }): void {
  activity.track('search', 'search', search);
}

/** The guest asked to book: Book pressed on the car page, with the car and the trip's dates. */
export function logBookingStarted(carId: string, trip: { startDate: string; startTime: string; endDate: string; endTime: string }): void {
  activity.track('booking_started', 'booking', { carId, ...trip });
}

/** An account was made: by the email form or with Google, with the invitation code used. */
export function logRegistration(method: 'email' | 'google', invitationCode: string): void {
  activity.track('registration', 'account', { method, invitationCode });
}

/** Sends what waits when the page is hidden or left (mobile browsers may never come back). */
export function flushActivityOnPageHide(): () => void {
  const onHide = () => activity.flush(true);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') activity.flush(true);
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
