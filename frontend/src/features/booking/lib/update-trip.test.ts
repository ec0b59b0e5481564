import { describe, expect, it } from 'vitest';
import { trip } from '@/test/fixtures';
import { changedParts, clearedRange, todayIn, tripRange } from './update-trip';

const booked = { fromDate: '2026-11-27', fromTime: '10:00 AM', untilDate: '2026-11-30', untilTime: '10:00 AM' };

describe("the calendar's Clear on /update-trip (spec 000 section 4.1)", () => {
  it('returns to the original range when the start is today', () => {
    const now = new Date(2026, 10, 27, 9, 0);
    expect(clearedRange(booked, undefined, now)).toEqual({ fromDate: '2026-11-27', untilDate: '2026-11-30' });
  });

  it('returns to the original range when the start is earlier than today', () => {
    const now = new Date(2026, 10, 29, 9, 0);
    expect(clearedRange(booked, undefined, now)).toEqual({ fromDate: '2026-11-27', untilDate: '2026-11-30' });
  });

  it('resets to tomorrow through the day after when the start is later', () => {
    const now = new Date(2026, 10, 25, 9, 0);
    expect(clearedRange(booked, undefined, now)).toEqual({ fromDate: '2026-11-26', untilDate: '2026-11-27' });
  });

  it("reads today where the car is", () => {
    // 07:00 UTC on Nov 27 is still Nov 26 in California.
    const now = new Date(Date.UTC(2026, 10, 27, 7, 0));
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-27');
  });
});

describe('what a change request sends', () => {
  const t = trip({ extras: [{ extraId: 'x1', extraType: 'Child seat', quantity: 1 }], protectionPlanType: 'Standard' });
  it('nothing when nothing changed', () => {
    expect(changedParts(t, tripRange(t), ['x1'], 'Standard')).toEqual({ dates: false, extras: false, plan: false });
  });
  it('each part that differs', () => {
    expect(changedParts(t, { ...tripRange(t), untilTime: '2:00 PM' }, ['x1'], 'Standard')).toEqual({ dates: true, extras: false, plan: false });
    expect(changedParts(t, tripRange(t), [], 'Minimum')).toEqual({ dates: false, extras: true, plan: true });
  });
});
