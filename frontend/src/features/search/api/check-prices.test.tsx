import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { tripPrice } from '@/test/fixtures';
import { server } from '@/test/server';
import { testQueryClient } from '@/test/render';
import { PRICE_GAVE_UP, useCheckPrices } from './check-prices';

const details = (carId: string) => tripPrice({ carId, finalPriceBeforeTax: 180.5, finalPrice: 200, finalPricePerMonth: null });
type PagePrices = Answer<'/v1/cars/checkPrices/{ids}', 'get'>;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

describe('price polling', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('polls every 2 s until the answer is ready, then stops', async () => {
    let calls = 0;
    server.use(
      http.get('*/v1/cars/checkPrices/:ids', ({ params, request }) => {
        calls++;
        expect(params.ids).toBe('a,b');
        expect(new URL(request.url).searchParams.get('requestId')).toBe('r1');
        return HttpResponse.json<PagePrices>(
          calls < 3
            ? { status: 'pending', prices: [{ carId: 'a', priceDetails: details('a') }, { carId: 'b', priceDetails: null }], pendingCarIds: ['b'] }
            : { status: 'ready', prices: [{ carId: 'a', priceDetails: details('a') }, { carId: 'b', priceDetails: details('b') }], pendingCarIds: [] },
        );
      }),
    );
    const { result } = renderHook(() => useCheckPrices(['a', 'b'], 'r1'), { wrapper });
    await vi.waitFor(() => expect(result.current.byCar.get('a')?.finalPriceBeforeTax).toBe(180.5));
    expect(result.current.isLoading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.byCar.size).toBe(2);
    expect(calls).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toBe(3);
    expect(result.current.error).toBeNull();
  });

  it('gives up after 5 attempts with the spec message', async () => {
    let calls = 0;
    server.use(
      http.get('*/v1/cars/checkPrices/:ids', () => {
        calls++;
        return HttpResponse.json<PagePrices>({ status: 'pending', prices: [], pendingCarIds: ['a'] });
      }),
    );
    const { result } = renderHook(() => useCheckPrices(['a'], 'r2'), { wrapper });
    for (let i = 0; i < 6; i++) await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(result.current.error).toBe(PRICE_GAVE_UP));
    expect(calls).toBe(5);
  });

  it('does not call without ids or request id', () => {
    const { result } = renderHook(() => useCheckPrices([], ''), { wrapper });
    expect(result.current.isLoading).toBe(false);
  });
});
