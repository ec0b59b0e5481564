import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FavouritesAnswer } from '@/api/get-fav-cars';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { setSession } from '@/lib/session';
import { FavouriteButton } from './favourite-button';

describe('favourite button', () => {
  it('opens the sign-up prompt for a logged-out visitor and calls nothing', async () => {
    renderWithProviders(<FavouriteButton carId="c1" initial={false} carName="2023 Tesla Model 3" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add 2023 Tesla Model 3 to favourites' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('turns on at once and stays on when the server agrees', async () => {
    setSession('t', { userId: 'u1' });
    server.use(
      http.get('*/v1/users/getFavCars', () => HttpResponse.json<FavouritesAnswer>({ status: true, message: '', data: [], favoriteCars: [] })),
      http.post('*/v1/users/addFav/c1', async () => {
        await delay(200);
        return HttpResponse.json<FavouritesAnswer>({ status: true, message: '', data: [], favoriteCars: ['c1'] });
      }),
    );
    renderWithProviders(<FavouriteButton carId="c1" initial={false} carName="Car" />);
    const btn = screen.getByTestId('fav-button');
    await waitFor(() => expect(btn).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(btn);
    expect(btn).toHaveAttribute('aria-pressed', 'true'); // before the server answered
    await waitFor(() => expect(btn).toHaveAttribute('aria-pressed', 'true'));
  });

  it('reverts when the server refuses', async () => {
    setSession('t', { userId: 'u1' });
    let favs: string[] = ['c1'];
    server.use(
      http.get('*/v1/users/getFavCars', () => HttpResponse.json<FavouritesAnswer>({ status: true, message: '', data: [], favoriteCars: favs })),
      http.post('*/v1/users/removeFav/c1', async () => {
        await delay(100);
        favs = ['c1'];
        return HttpResponse.json({ error: 'internal_error', message: 'An unexpected error occurred' }, { status: 500 });
      }),
    );
    renderWithProviders(<FavouriteButton carId="c1" initial={false} carName="Car" />);
    const btn = screen.getByTestId('fav-button');
    await waitFor(() => expect(btn).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(btn);
    expect(btn).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(btn).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Could not update favourites. Please try again.')).toBeInTheDocument();
  });
});
