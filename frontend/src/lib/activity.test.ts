import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { setSession } from './session';
import { activity, BATCH_DELAY_MS, BATCH_SIZE, createActivityLog, flushActivityOnPageHide, logBookingStarted, logCarViewed, logRegistration, sendBulk, type ActivityEvent } from './activity';

describe('activity log', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a batch 2 seconds after the first event, with the spec fields', async () => {
    const sent: ActivityEvent[][] = [];
    const log = createActivityLog(async (events) => void sent.push(events), () => 'session-1');
    log.track('page_view', 'navigation', { path: '/search' });
    log.track('search', 'discovery');
    vi.advanceTimersByTime(BATCH_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(2);
    const [first] = sent[0];
    expect(first).toMatchObject({ sessionId: 'session-1', activityType: 'page_view', activityCategory: 'navigation' });
    expect(first.metadata).toMatchObject({ path: '/search' });
    expect(first.metadata).toHaveProperty('pageUrl');
    expect(first.metadata).toHaveProperty('referrer');
    expect(first.eventId).not.toBe(sent[0][1].eventId);
    expect(log.pending()).toBe(0);
  });

  it('sends at once when 50 events wait, never more than 50 in a batch', () => {
    const sent: ActivityEvent[][] = [];
    const log = createActivityLog(async (events) => void sent.push(events), () => 's');
    for (let i = 0; i < BATCH_SIZE + 3; i++) log.track('click', 'engagement');
    expect(sent.map((b) => b.length)).toEqual([BATCH_SIZE]);
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(sent.map((b) => b.length)).toEqual([BATCH_SIZE, 3]);
  });

  it('flushes what waits when the page goes away, with keepalive, and a failed batch is only logged', async () => {
    const calls: boolean[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = createActivityLog(async (_events, keepalive) => {
      calls.push(keepalive);
      throw new Error('offline');
    }, () => 's');
    log.track('page_view', 'navigation');
    log.flush(true);
    expect(calls).toEqual([true]);
    await vi.runAllTimersAsync();
    expect(warn).toHaveBeenCalled();
    expect(log.pending()).toBe(0);
    warn.mockRestore();
  });
});

describe('sending batches', () => {
  const event: ActivityEvent = { eventId: 'e1', sessionId: 's', activityType: 'car_viewed', activityCategory: 'car', metadata: { carId: 'car-1' }, timestamp: '2026-11-27T10:00:00.000Z' };
  const nav = navigator as Navigator & { sendBeacon?: Navigator['sendBeacon'] };
  const original = nav.sendBeacon;
  afterEach(() => {
    nav.sendBeacon = original;
    vi.restoreAllMocks();
  });

  function captureFetch() {
    const seen: { auth: string | null; body: { activities: ActivityEvent[]; sentAt: string }; keepalive: boolean }[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      seen.push({ auth: new Headers(init?.headers).get('Authorization'), body: JSON.parse(String(init?.body)), keepalive: Boolean(init?.keepalive) });
      return realFetch(input, init);
    });
    return seen;
  }

  it('an anonymous visitor leaving the page: a beacon holding a JSON Blob, no fetch', async () => {
    const beacons: { url: string; data: Blob }[] = [];
    nav.sendBeacon = vi.fn((url: string | URL, data?: BodyInit | null) => {
      beacons.push({ url: String(url), data: data as Blob });
      return true;
    });
    const seen = captureFetch();
    await sendBulk([event], true);
    expect(beacons).toHaveLength(1);
    expect(beacons[0].url).toMatch(/\/v1\/activity\/bulk$/);
    expect(beacons[0].data.type).toBe('application/json');
    const body = JSON.parse(await beacons[0].data.text());
    expect(body.activities).toEqual([event]);
    expect(Number.isNaN(Date.parse(body.sentAt))).toBe(false);
    expect(seen).toHaveLength(0);
  });

  it('falls back to fetch with keepalive when the browser refuses the beacon or has none', async () => {
    nav.sendBeacon = vi.fn(() => false);
    const seen = captureFetch();
    await sendBulk([event], true);
    expect(nav.sendBeacon).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ keepalive: true, auth: null });
    expect(seen[0].body.activities[0].eventId).toBe('e1');

    // @ts-expect-error a browser without sendBeacon
    nav.sendBeacon = undefined;
    await sendBulk([event], true);
    expect(seen).toHaveLength(2);
    expect(seen[1].keepalive).toBe(true);
  });

  it('a signed-in user leaving the page: fetch with keepalive and the token (a beacon cannot carry it)', async () => {
    setSession('tok-1', { _id: 'u1' });
    nav.sendBeacon = vi.fn(() => true);
    const seen = captureFetch();
    await sendBulk([event], true);
    expect(nav.sendBeacon).not.toHaveBeenCalled();
    expect(seen).toEqual([expect.objectContaining({ auth: 'Bearer tok-1', keepalive: true })]);
  });

  it('a refused batch is an error for the log to report (only logged)', async () => {
    server.use(http.post('*/v1/activity/bulk', () => HttpResponse.json({ error: 'activity_unavailable', message: 'down' }, { status: 503 })));
    await expect(sendBulk([event], false)).rejects.toThrow('503');
  });

  it('pagehide and a hidden page flush what waits through the beacon', async () => {
    const beacons: Blob[] = [];
    nav.sendBeacon = vi.fn((_url: string | URL, data?: BodyInit | null) => {
      beacons.push(data as Blob);
      return true;
    });
    const stop = flushActivityOnPageHide();
    try {
      logCarViewed('car-9');
      expect(activity.pending()).toBe(1);
      window.dispatchEvent(new Event('pagehide'));
      expect(activity.pending()).toBe(0);
      expect(beacons).toHaveLength(1);
      const body = JSON.parse(await beacons[0].text());
      expect(body.activities[0]).toMatchObject({ activityType: 'car_viewed', activityCategory: 'car', metadata: { carId: 'car-9' } });

      logRegistration('email', 'CODE1');
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      expect(beacons).toHaveLength(2);
    } finally {
      stop();
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });
});

describe('funnel events', () => {
  afterEach(() => {
    activity.flush();
    vi.restoreAllMocks();
  });

  it('car viewed, booking started and registration carry the types and fields the server knows', () => {
    const track = vi.spyOn(activity, 'track').mockImplementation(() => {});
    logCarViewed('car-1');
    logBookingStarted('car-1', { startDate: '2026-12-01', startTime: '10:00 AM', endDate: '2026-12-03', endTime: '10:00 AM' });
    logRegistration('google', 'WELCOME');
    expect(track.mock.calls).toEqual([
      ['car_viewed', 'car', { carId: 'car-1' }],
      ['booking_started', 'booking', { carId: 'car-1', startDate: '2026-12-01', startTime: '10:00 AM', endDate: '2026-12-03', endTime: '10:00 AM' }],
      ['registration', 'account', { method: 'google', invitationCode: 'WELCOME' }],
    ]);
  });
});
