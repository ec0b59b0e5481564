import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Schemas } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Page = Answer<'/v1/host/getHostCarsOnPlatform', 'get'>;

/** Answers the cars by page and records the pages and limits asked. */
function carsAnswer(pages: Schemas['CarListing'][][], total = pages.flat().length) {
  const asked: string[] = [];
  server.use(
    http.get('*/v1/host/getHostCarsOnPlatform', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(`${q.get('page')}/${q.get('limit')}`);
      const page = Number(q.get('page'));
      return HttpResponse.json<Page>({ status: true, data: pages[page - 1] ?? [], page, limit: 9, total, totalPages: pages.length });
    }),
  );
  return asked;
}

function draftAnswer(has: boolean) {
  server.use(
    http.post('*/v1/host/carListing/checkCarListing', () =>
      HttpResponse.json<Answer<'/v1/host/carListing/checkCarListing', 'post'>>({ status: true, hasExistingListing: has, message: has ? 'You have a car listing in progress.' : '', carId: has ? 'draft-1' : null, nextStep: has ? 'features' : null }),
    ),
  );
}

describe('the listings page', () => {
  it("shows each car's photo, name, plate, status, price and a manage link, 9 a page, and the draft to continue", async () => {
    setSession('tok', { userId: 'host-1' });
    const first = [
      hostListing(),
      hostListing({ _id: 'car-2', status: 'pending', make: 'Honda', model: 'Odyssey', carYear: 2022, licensePlate: '7UPC003', dailyPrice: 95 }),
      hostListing({ _id: 'car-3', status: 'rejected', rejectionReason: 'The photos are blurry.', make: 'VW', model: 'ID.4' }),
      hostListing({ _id: 'car-4', status: 'snoozed', make: 'Tesla', model: 'Model 3' }),
    ];
    const asked = carsAnswer([first, [hostListing({ _id: 'car-10', make: 'Kia', model: 'EV6', status: 'unlisted' })]], 10);
    draftAnswer(true);
    const { router } = renderRoutes(hostRoutes, '/host/listings');
    const cards = await screen.findAllByTestId('host-car');
    expect(document.title).toBe('Your listings | Upcar');
    expect(cards).toHaveLength(4);
    const one = within(cards[0]);
    expect(one.getByRole('heading', { name: '2023 Hyundai Ioniq 5' })).toBeInTheDocument();
    expect(one.getByRole('img', { name: '2023 Hyundai Ioniq 5' })).toHaveAttribute('src', 'https://photos.test/ioniq-1.jpg');
    expect(one.getByText('Plate 8UPC004')).toBeInTheDocument();
    expect(one.getByTestId('host-car-status')).toHaveTextContent('Listed');
    expect(one.getByText('$92.00 / day')).toBeInTheDocument();
    expect(one.getByRole('link', { name: 'Manage 2023 Hyundai Ioniq 5' })).toHaveAttribute('href', '/host/car/car-1/edit-pricing');
    expect(within(cards[1]).getByTestId('host-car-status')).toHaveTextContent('Pending review');
    expect(within(cards[2]).getByTestId('host-car-status')).toHaveTextContent('Rejected');
    expect(within(cards[2]).getByText('Reason: The photos are blurry.')).toBeInTheDocument();
    expect(within(cards[3]).getByTestId('host-car-status')).toHaveTextContent('Snoozed');
    expect(within(await screen.findByTestId('host-draft')).getByRole('link', { name: 'Continue listing' })).toHaveAttribute('href', '/host/become-host');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('heading', { name: '2023 Kia EV6' })).toBeInTheDocument();
    expect(screen.getByTestId('host-car-status')).toHaveTextContent('Unlisted');
    expect(asked).toEqual(['1/9', '2/9']);
  }, 20_000);

  it('shows the empty state with the way to list a car', async () => {
    setSession('tok', { userId: 'host-1' });
    carsAnswer([[]], 0);
    draftAnswer(false);
    renderRoutes(hostRoutes, '/host/listings');
    const empty = await screen.findByTestId('host-cars-empty');
    expect(within(empty).getByRole('link', { name: 'List your car' })).toHaveAttribute('href', '/host/become-host');
    expect(screen.queryByRole('navigation', { name: 'Pages of cars' })).not.toBeInTheDocument();
  }, 20_000);

  it('asks a signed-out visitor to log in, with the way back', async () => {
    renderRoutes(hostRoutes, '/host/listings?page=2');
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the login page' })).toHaveAttribute('href', `/login-static?nextPage=${encodeURIComponent('/host/listings?page=2')}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  }, 20_000);
});
