import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { firstSentence, useExpiringError } from './use-expiring-error';

describe('login errors', () => {
  it('keep the first sentence only', () => {
    expect(firstSentence('Invalid email or password. Try again later.')).toBe('Invalid email or password.');
    expect(firstSentence('No period here')).toBe('No period here');
  });

  it('clear after 10 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useExpiringError());
    act(() => result.current[1]('Too many attempts. Wait a minute.'));
    expect(result.current[0]).toBe('Too many attempts.');
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current[0]).toBe('Too many attempts.');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
    vi.useRealTimers();
  });
});
