import { describe, expect, it } from 'vitest';
import { chatMessage } from '../test-utils';
import { addMessage, addMessages, confirmSent, lastSeq, type ShownMessage } from './messages';

const T0 = 1_800_000_000_000;

function pending(over: Partial<ShownMessage> = {}): ShownMessage {
  return { ...chatMessage({ id: 'local-1', seq: 0, senderId: 'g1', senderType: 'guest', message: 'On my way' }), pending: true, sentAt: T0, ...over };
}

describe('own messages against the real-time echo', () => {
  it('the echo of a pending message takes its place (same text, sender and room within 5 s)', () => {
    const list = addMessages([], [chatMessage({ seq: 1 })]);
    const withPending = addMessage(list, pending(), T0);
    const echo = chatMessage({ id: 'm2', seq: 2, senderId: 'g1', senderType: 'guest', message: 'On my way' });
    const after = addMessage(withPending, echo, T0 + 4999);
    expect(after.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(after.some((m) => m.pending)).toBe(false);
  });

  it('after 5 s, or from someone else, or with other text, it is another message', () => {
    const base = [pending()];
    expect(addMessage(base, chatMessage({ id: 'm2', seq: 2, senderId: 'g1', message: 'On my way' }), T0 + 5001)).toHaveLength(2);
    expect(addMessage(base, chatMessage({ id: 'm2', seq: 2, senderId: 'h1', message: 'On my way' }), T0)).toHaveLength(2);
    expect(addMessage(base, chatMessage({ id: 'm2', seq: 2, senderId: 'g1', message: 'On my way!' }), T0)).toHaveLength(2);
    expect(addMessage(base, chatMessage({ id: 'm2', seq: 2, roomId: 'room-2', senderId: 'g1', message: 'On my way' }), T0)).toHaveLength(2);
  });

  it('a message already held is not added twice (by id), whichever of echo and answer comes first', () => {
    const stored = chatMessage({ id: 'm2', seq: 2, senderId: 'g1', message: 'On my way' });
    // The answer first, then the echo.
    let list = confirmSent([pending()], 'local-1', stored, T0 + 100);
    list = addMessage(list, stored, T0 + 200);
    expect(list.map((m) => m.id)).toEqual(['m2']);
    // The echo first, then the answer.
    let other = addMessage([pending()], stored, T0 + 100);
    other = confirmSent(other, 'local-1', stored, T0 + 200);
    expect(other.map((m) => m.id)).toEqual(['m2']);
    // Even after 5 s the id keeps one copy.
    expect(addMessage(other, stored, T0 + 60_000)).toHaveLength(1);
  });

  it('two identical messages sent in a row stay two', () => {
    let list = addMessage([], pending({ id: 'local-1' }), T0);
    list = addMessage(list, pending({ id: 'local-2', sentAt: T0 + 10 }), T0 + 10);
    list = addMessage(list, chatMessage({ id: 'm1', seq: 1, senderId: 'g1', message: 'On my way' }), T0 + 300);
    list = addMessage(list, chatMessage({ id: 'm2', seq: 2, senderId: 'g1', message: 'On my way' }), T0 + 400);
    expect(list.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('keeps the room order by number, pending ones last, and knows the last number held', () => {
    const list = addMessages([pending()], [chatMessage({ id: 'm3', seq: 3 }), chatMessage({ id: 'm1', seq: 1 }), chatMessage({ id: 'm2', seq: 2 })], T0 + 10_000);
    expect(list.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'local-1']);
    expect(lastSeq(list)).toBe(3);
  });
});
