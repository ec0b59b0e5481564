import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_DELAY_MS, BATCH_SIZE, createActivityLog, type ActivityEvent } from './activity';

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
