import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingSender } from './typing';

describe('the typing state sent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes out about 500 ms after a change and stops after 2 s without one', () => {
    const sent: boolean[] = [];
    const t = createTypingSender((v) => sent.push(v), () => Date.now());
    t.changed();
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1499);
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, false]);
  });

  it('while changes go on it is said again at most once a second, and stopped once', () => {
    const sent: boolean[] = [];
    const t = createTypingSender((v) => sent.push(v), () => Date.now());
    for (let i = 0; i < 20; i++) {
      t.changed();
      vi.advanceTimersByTime(150);
    }
    // 3 s of typing: said at 0.5 s, then again when a second has passed since.
    expect(sent.filter((v) => v)).toHaveLength(2);
    expect(sent).not.toContain(false);
    vi.advanceTimersByTime(2000);
    expect(sent.at(-1)).toBe(false);
    expect(sent.filter((v) => !v)).toHaveLength(1);
  });

  it('stops at once when the message is sent, and says nothing when typing was never said', () => {
    const sent: boolean[] = [];
    const t = createTypingSender((v) => sent.push(v), () => Date.now());
    t.changed();
    vi.advanceTimersByTime(200);
    t.stop();
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
    t.changed();
    vi.advanceTimersByTime(600);
    t.stop();
    expect(sent).toEqual([true, false]);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([true, false]);
  });
});
