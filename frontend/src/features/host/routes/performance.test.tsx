import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Perf = Answer<'/v1/hostbusiness/getPerformanceData', 'get'>;
const base: Perf['data'] = {
  periodDays: 30, from: '', to: '', tripsCompleted: 0, bookings: 0, earnings: 0, occupancyRate: 0, responseRate: null, responseTimeMinutes: null,
  requests: 0, cancellationRate: null, cancellationStatus: 'good', cancellationThreshold: 4, cancellationPenaltyBand: 2, carsOnPlatform: 4,
};

describe('the performance page', () => {
  it('shows nothing-to-measure as a dash (never a zero), explains the cancellation status and asks each period', async () => {
    setSession('tok', { userId: 'host-1' });
    const asked: string[] = [];
    server.use(
      http.get('*/v1/hostbusiness/getPerformanceData', ({ request }) => {
        const days = new URL(request.url).searchParams.get('days') ?? '';
        asked.push(days);
        const data = days === '365' ? { ...base, periodDays: 365, bookings: 40, responseRate: 95.5, cancellationRate: 2.5, cancellationStatus: 'warning', responseTimeMinutes: 90 } : base;
        return HttpResponse.json<Perf>({ status: true, data });
      }),
    );
    renderRoutes(hostRoutes, '/host/performance');
    expect(await screen.findByTestId('response-rate')).toHaveTextContent('—');
    expect(document.title).toBe('Performance | Upcar');
    expect(screen.getByTestId('occupancy')).toHaveTextContent('0%');
    expect(screen.getByTestId('cancellation-rate')).toHaveTextContent('—');
    expect(screen.getByTestId('cancellation-note')).toHaveTextContent('No bookings to measure yet. Keep host cancellations at or under 2% of bookings.');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('Last 30 days');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 365 days']);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '365' } });
    await waitFor(() => expect(screen.getByTestId('response-rate')).toHaveTextContent('95.50%'));
    expect(screen.getByTestId('cancellation-rate')).toHaveTextContent('2.50%');
    expect(screen.getByTestId('cancellation-note')).toHaveTextContent('Warning: your cancellations are over 2% of bookings, in the penalty band up to 4%.');
    expect(screen.getByText('1 h 30 min')).toBeInTheDocument();
    expect(asked).toEqual(['30', '365']);
  }, 20_000);
});
