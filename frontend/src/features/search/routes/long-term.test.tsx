import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, startOfDay, toYmd } from '@/lib/dates';
import { renderRoutes } from '@/test/render';
import LongTermRoute from './long-term';

describe('long-term rental page', () => {
  it('starts at tomorrow through 35 days later and searches with those dates', async () => {
    const { router } = renderRoutes(
      [
        { path: '/long-term-rental', element: <LongTermRoute /> },
        { path: '/search', element: <p>results</p> },
      ],
      '/long-term-rental',
    );
    expect(await screen.findByRole('heading', { name: 'Rent for a month or more' })).toBeInTheDocument();
    const tomorrow = addDays(startOfDay(new Date()), 1);
    fireEvent.click(screen.getByTestId('search-submit'));
    await screen.findByText('results');
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('fromDate')).toBe(toYmd(tomorrow));
    expect(q.get('untilDate')).toBe(toYmd(addDays(tomorrow, 35)));
    expect(q.get('address')).toBe('Fremont, CA, USA');
  });
});
