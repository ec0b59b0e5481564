import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { searchCar } from '@/test/fixtures';
import { server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { VehiclesGrid } from './vehicles-grid';

const car = (n: number) => searchCar(n, { make: 'Toyota', model: `Model ${n}`, carYear: 2022, totalRating: 4.9, tripCount: n, dailyPrice: 80 + n });
type OwnerCars = Answer<'/v1/cars/getCarsByOwner/{id}', 'get'>;

describe('vehicles grid', () => {
  it('shows "{n} Vehicles", 6 first, then 6 more at a time until all are shown', async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/v1/cars/getCarsByOwner/host-1', ({ request }) => {
        const q = new URL(request.url).searchParams;
        pages.push(`${q.get('page')}/${q.get('limit')}`);
        const page = Number(q.get('page'));
        const all = Array.from({ length: 8 }, (_, i) => car(i + 1));
        return HttpResponse.json<OwnerCars>({ status: true, data: all.slice((page - 1) * 6, page * 6), total: 8, page, limit: 6 });
      }),
    );
    renderWithProviders(<VehiclesGrid ownerId="host-1" />);
    expect(await screen.findByRole('heading', { name: '8 Vehicles' })).toBeInTheDocument();
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(6);
    const details = screen.getByRole('link', { name: 'View details of the 2022 Toyota Model 1' });
    expect(details.getAttribute('href')).toMatch(/^\/car\/car-1\?fromDate=/);
    fireEvent.click(screen.getByRole('button', { name: 'Show more vehicles' }));
    expect(await screen.findByText('2022 Toyota Model 8')).toBeInTheDocument();
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Show more vehicles' })).not.toBeInTheDocument();
    expect(pages).toEqual(['1/6', '2/6']);
  });

  it('shows nothing for a host without listed cars and a message when the call fails', async () => {
    server.use(http.get('*/v1/cars/getCarsByOwner/none', () => HttpResponse.json<OwnerCars>({ status: true, data: [], total: 0, page: 1, limit: 6 })));
    const { unmount } = renderWithProviders(<VehiclesGrid ownerId="none" />);
    expect(screen.getByLabelText('Loading vehicles')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByLabelText('Loading vehicles')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();

    server.use(http.get('*/v1/cars/getCarsByOwner/broken', () => HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 })));
    renderWithProviders(<VehiclesGrid ownerId="broken" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch vehicles');
  });
});
