import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from '../routes/host-routes';

// jsdom applies no media queries: both the desktop rows and the phone's controls are in the
// document; the stylesheet shows one of them (`desktop-only`, `phone-only`).
describe("the host area's navigation on a phone", () => {
  it('is one menu naming the current page, holding the five host places', async () => {
    setSession('tok', { userId: 'host-1' });
    server.use(http.get('*/v1/hostbusiness/:call', () => HttpResponse.json({ status: false, message: 'none' }, { status: 404 })));
    renderRoutes(hostRoutes, '/host/performance');
    const menu = await screen.findByRole('navigation', { name: 'Host pages' });
    expect(menu).toHaveClass('phone-only');
    expect(screen.getByRole('navigation', { name: 'Host business' }).parentElement).toHaveClass('desktop-only');
    const button = within(menu).getByRole('button', { name: /Performance/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Listings', 'Availability', 'Earnings', 'Performance', 'Reviews']);
    expect(within(menu).getByRole('link', { name: 'Performance' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('link', { name: 'Reviews' }));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Host pages' })).getByRole('button', { name: /Reviews/ })).toHaveAttribute('aria-expanded', 'false'));
  });

  it("leaves a car's pages to their own section menu, which moves between sections", async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing();
    server.use(
      http.get(`*/v1/host/carListing/car/${car._id}`, () => HttpResponse.json<Answer<'/v1/host/carListing/car/{id}', 'get'>>({ status: true, carListing: car, nextStep: null })),
      http.get('*/v1/api/enums/:name', () => HttpResponse.json({ status: true, data: [] })),
    );
    renderRoutes(hostRoutes, '/host/car/car-1/edit-pricing');
    const select = await screen.findByLabelText('Section');
    expect(screen.queryByRole('navigation', { name: 'Host pages' })).not.toBeInTheDocument();
    expect(select).toHaveValue('edit-pricing');
    await userEvent.selectOptions(select, 'details');
    await waitFor(() => expect(screen.getByLabelText('Section')).toHaveValue('details'));
    expect(screen.getByRole('navigation', { name: 'Car settings' })).toHaveClass('desktop-only');
  });
});
