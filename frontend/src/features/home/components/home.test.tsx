import { act, fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { Faq } from './faq';
import { Testimonials, TESTIMONIALS } from './testimonials';
import { HandpickedCars, cardsForWidth } from './handpicked-cars';
import { isPaidArrival } from './promo-dialog';

describe('home', () => {
  it('keeps one FAQ question open and reopens the first on tab change', () => {
    renderWithProviders(<Faq />);
    const qs = () => screen.getAllByRole('button', { expanded: true });
    expect(qs()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'How old do I need to be to rent?' }));
    expect(qs()).toHaveLength(1);
    expect(qs()[0]).toHaveTextContent('How old do I need to be to rent?');
    fireEvent.click(screen.getByRole('tab', { name: 'Upper' }));
    expect(qs()[0]).toHaveTextContent('Who can list a car?');
  });

  it('wraps the testimonials and locks navigation for 300 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<Testimonials />);
    const prev = screen.getByRole('button', { name: 'Previous testimonial' });
    fireEvent.click(prev);
    expect(screen.getByTestId('testimonial')).toHaveTextContent(TESTIMONIALS[4].text);
    fireEvent.click(prev); // locked
    expect(screen.getByTestId('testimonial')).toHaveTextContent(TESTIMONIALS[4].text);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(screen.getByTestId('testimonial')).toHaveTextContent(TESTIMONIALS[0].text);
    vi.useRealTimers();
  });

  it('names the cards still loading as a status: an aria-label on a plain div is not allowed', async () => {
    server.use(http.get('*/v1/cars/getStaticCarsByType', () => new Promise<never>(() => {})));
    const { container } = renderWithProviders(<HandpickedCars />);
    const loading = await screen.findByRole('status', { name: 'Loading cars' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    const r = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'] });
    expect(r.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows 15, 8 or 7 cards by width', () => {
    expect(cardsForWidth(true, false)).toBe(15);
    expect(cardsForWidth(false, false)).toBe(8);
    expect(cardsForWidth(false, true)).toBe(7);
  });

  it('recognises paid-advertising arrivals', () => {
    expect(isPaidArrival('?gclid=abc')).toBe(true);
    expect(isPaidArrival('?utm_source=google&utm_medium=cpc')).toBe(true);
    expect(isPaidArrival('?ref=friend')).toBe(false);
  });
});
