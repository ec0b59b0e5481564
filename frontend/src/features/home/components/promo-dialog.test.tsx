import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { setSession } from '@/lib/session';
import { PromoDialog } from './promo-dialog';

describe('email-capture promo', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('appears 10 s after a paid-ad arrival, once, and validates the email', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/v1/coupons/potential-user', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json<Answer<'/v1/coupons/potential-user', 'post'>>({ status: true, message: 'Saved' });
      }),
    );
    window.history.replaceState(null, '', '/?gclid=x');
    renderWithProviders(<PromoDialog />);
    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('dialog', { name: 'Save $50 on first trip' })).toBeInTheDocument();
    expect(localStorage.getItem('email-capture-shown')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Get my $50' }));
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    expect(screen.queryByText('Please enter your email address')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Get my $50' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Me@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get my $50' }));
    expect(await screen.findByText(/Thank you!/)).toBeInTheDocument();
    expect(sent).toEqual({ email: 'me@example.com' });
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never shows to a signed-in guest or without an ad marker', async () => {
    window.history.replaceState(null, '', '/');
    renderWithProviders(<PromoDialog />);
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setSession('t', { userId: 'u1' });
    window.history.replaceState(null, '', '/?gclid=x');
    renderWithProviders(<PromoDialog />);
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
