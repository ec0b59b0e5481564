import { describe, expect, it } from 'vitest';
import { EMPTY_MESSAGE, emptyMessageError, pageItems, preview, sendsOnKey } from './rules';

describe('the list preview', () => {
  it('keeps the first 40 characters and marks the cut', () => {
    const long = 'This message is much longer than forty characters, surely.';
    expect(preview(long)).toBe(`${long.slice(0, 40)}…`);
    expect(Array.from(preview(long))).toHaveLength(41);
    expect(preview('x'.repeat(40))).toBe('x'.repeat(40));
    expect(preview('Short one')).toBe('Short one');
  });

  it('counts an emoji as one character and folds new lines', () => {
    expect(preview(`${'🚗'.repeat(45)}`)).toBe(`${'🚗'.repeat(40)}…`);
    expect(preview('See you\nat 9')).toBe('See you at 9');
    expect(preview(null)).toBe('');
  });
});

describe('the pages window', () => {
  it('shows the first, the last and two on each side of the current page', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10]);
  });

  it('shows every page when they fit, and nothing for a single page', () => {
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('reads a page out of range as the nearest one', () => {
    expect(pageItems(99, 6)).toEqual([1, 'gap', 4, 5, 6]);
  });
});

describe('the empty message rule', () => {
  it('refuses blank text without a picture', () => {
    expect(emptyMessageError('', 0)).toBe(EMPTY_MESSAGE);
    expect(emptyMessageError('  \n ', 0)).toBe('Cannot send an empty message');
  });
  it('takes text, or a picture alone', () => {
    expect(emptyMessageError('hi', 0)).toBeNull();
    expect(emptyMessageError('', 1)).toBeNull();
  });
});

describe('the keys that send', () => {
  const key = (over: Partial<Parameters<typeof sendsOnKey>[0]> = {}) => ({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, ...over });
  it('on desktop: Enter sends, Shift+Enter is a new line', () => {
    expect(sendsOnKey(key(), false)).toBe(true);
    expect(sendsOnKey(key({ shiftKey: true }), false)).toBe(false);
    expect(sendsOnKey(key({ key: 'a' }), false)).toBe(false);
  });
  it('on mobile: Enter is a new line, Ctrl+Enter or Cmd+Enter sends', () => {
    expect(sendsOnKey(key(), true)).toBe(false);
    expect(sendsOnKey(key({ ctrlKey: true }), true)).toBe(true);
    expect(sendsOnKey(key({ metaKey: true }), true)).toBe(true);
  });
  it('never while an input method composes', () => {
    expect(sendsOnKey(key({ isComposing: true }), false)).toBe(false);
  });
});
