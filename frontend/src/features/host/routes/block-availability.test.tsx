import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing, hostTeam } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Blocks = Answer<'/v1/trips/getCustomAvailabilityForHost', 'get'>;
type CustomBody = Body<'/v1/trips/updateCustomAvailabilityForHost', 'post'>;
const block = { _id: 'b1', carIds: ['car-1'], startDate: '2030-01-10', startTime: '', endDate: '2030-01-12', endTime: '', reason: 'Service' };

function setUp(refuse?: { status: number; message: string }) {
  setSession('tok', { userId: 'host-1' });
  const sent: CustomBody[] = [];
  server.use(
    http.get('*/v1/trips/getCustomAvailabilityForHost', () => HttpResponse.json<Blocks>({ status: true, message: 'Custom availability', data: [block] })),
    http.get('*/v1/host/getHostCarsOnPlatform', () => HttpResponse.json<Answer<'/v1/host/getHostCarsOnPlatform', 'get'>>({ status: true, data: [hostListing(), hostListing({ _id: 'car-2', make: 'Honda', model: 'Odyssey', licensePlate: '7UPC003' })], page: 1, limit: 50, total: 2, totalPages: 1 })),
    http.get('*/v1/cohost/getAllTeamsForHost', () =>
      HttpResponse.json<Answer<'/v1/cohost/getAllTeamsForHost', 'get'>>({ status: true, data: [hostTeam({ permissions: { pricingAndAvailability: true } }), hostTeam({ _id: 't2', teamName: 'Booking only', cars: [{ id: 'car-7', _id: 'car-7', name: '2020 Kia Niro', photoUrl: '', licensePlate: '' }] })] }),
    ),
    http.post('*/v1/trips/updateCustomAvailabilityForHost', async ({ request }) => {
      const body = (await request.json()) as CustomBody;
      sent.push(body);
      if (refuse) return HttpResponse.json({ status: false, error: 'block_overlaps_trip', message: refuse.message }, { status: refuse.status });
      const data = body.action === 'delete' ? [] : [block, { ...block, _id: 'b2', carIds: ['car-1', 'car-2'], reason: String(body.customAvailability?.[0].reason ?? '') }];
      return HttpResponse.json<Blocks>({ status: true, message: 'Availability updated', data });
    }),
  );
  return sent;
}

describe('the blocked dates page', () => {
  it('lists the blocks and adds one for all cars with optional times and a reason', async () => {
    const sent = setUp();
    renderRoutes(hostRoutes, '/host/settings/block-availability');
    const item = await screen.findByTestId('block');
    expect(document.title).toBe('Blocked dates | Upcar');
    expect(item).toHaveTextContent('2030-01-10 – 2030-01-12');
    await waitFor(() => expect(item).toHaveTextContent('2023 Hyundai Ioniq 5 (8UPC004) · Service'));
    expect(screen.getByRole('link', { name: 'Pickup & return hours' })).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block dates' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Block dates' }));
    // The host's cars, and a team car whose team allows availability (not one with booking management only).
    await waitFor(() => expect(dialog.getAllByRole('option').map((o) => o.textContent)).toContain('2022 Toyota Camry (9UPC005) · Fremont crew'));
    expect(dialog.getAllByRole('option').map((o) => o.textContent)).not.toContain('2020 Kia Niro · Booking only');
    expect(dialog.getByRole('option', { name: 'All cars' })).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('First day'), { target: { value: '2030-02-01' } });
    fireEvent.change(dialog.getByLabelText('Last day'), { target: { value: '2030-02-03' } });
    fireEvent.change(dialog.getByLabelText('Until (optional)'), { target: { value: '6:00 PM' } });
    await user.type(dialog.getByLabelText('Reason (optional)'), 'Family trip');
    await user.click(dialog.getByRole('button', { name: 'Block these dates' }));
    expect(await screen.findByText('Availability updated')).toBeInTheDocument();
    expect(sent).toEqual([{ action: 'add', customAvailability: [{ startDate: '2030-02-01', endDate: '2030-02-03', endTime: '6:00 PM', reason: 'Family trip' }] }]);
    await waitFor(() => expect(screen.getAllByTestId('block')).toHaveLength(2));
    expect(screen.getAllByTestId('block')[1]).toHaveTextContent('All cars · Family trip');
  }, 20_000);

  it("edits and deletes a block by its id, and shows the server's refusal", async () => {
    const sent = setUp({ status: 409, message: 'This period overlaps trip R-1001.' });
    renderRoutes(hostRoutes, '/host/settings/block-availability');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit block 2030-01-10 – 2030-01-12' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit blocked dates' }));
    expect(dialog.getByLabelText('Car')).toHaveValue('car-1');
    await user.click(dialog.getByRole('button', { name: 'Save block' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This period overlaps trip R-1001.');
    expect(sent[0]).toEqual({ action: 'update', customAvailability: [{ _id: 'b1', carId: 'car-1', startDate: '2030-01-10', endDate: '2030-01-12', reason: 'Service' }] });
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    server.use(http.post('*/v1/trips/updateCustomAvailabilityForHost', async ({ request }) => {
      sent.push((await request.json()) as CustomBody);
      return HttpResponse.json<Blocks>({ status: true, message: 'Block removed', data: [] });
    }));
    await user.click(screen.getByRole('button', { name: 'Delete block 2030-01-10 – 2030-01-12' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove this block?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('blocks-empty')).toBeInTheDocument();
    expect(sent[1]).toEqual({ action: 'delete', customAvailability: [{ _id: 'b1' }] });
  }, 20_000);
});
