import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body, Schemas } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostListing, hostTeam } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type UpdateBody = Body<'/v1/host/car-update/updateCarDailyPrice/{id}', 'post'>;
type DatePricesBody = Body<'/v1/host/car-update/updateDatePrices/{id}', 'post'>;

function carAnswer(car: Schemas['CarListing']) {
  server.use(
    http.get(`*/v1/host/carListing/car/${car._id}`, () => HttpResponse.json<Answer<'/v1/host/carListing/car/{id}', 'get'>>({ status: true, carListing: car, nextStep: null })),
    http.get('*/v1/api/enums/:name', () => HttpResponse.json({ status: true, data: [] })),
  );
}

/** Records each car update call's body; answers the car with the body applied, or `refuse`. */
function updates(car: Schemas['CarListing'], refuse?: { status: number; error: string; message: string }) {
  const sent: { call: string; body: UpdateBody }[] = [];
  server.use(
    http.post('*/v1/host/car-update/:call/:id', async ({ request, params }) => {
      const body = (await request.json()) as UpdateBody;
      sent.push({ call: String(params.call), body });
      if (refuse) return HttpResponse.json({ error: refuse.error, message: refuse.message }, { status: refuse.status });
      return HttpResponse.json<Answer<'/v1/host/car-update/updateCarDailyPrice/{id}', 'post'>>({ status: true, message: 'Car updated', data: { ...car, dailyPrice: Number(body.dailyPrice ?? car.dailyPrice) } });
    }),
  );
  return sent;
}

function teams(data: Schemas['Team'][]) {
  server.use(http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json<Answer<'/v1/cohost/getAllTeamsForHost', 'get'>>({ status: true, data })));
}

describe("a car's pricing page", () => {
  it('lets the host change the daily price and the discounts, each with its call and a success toast', async () => {
    setSession('tok', { userId: 'host-1', _id: 'host-1' });
    const car = hostListing();
    carAnswer(car);
    const sent = updates(car);
    renderRoutes(hostRoutes, '/host/car/car-1/edit-pricing');
    const price = await screen.findByLabelText('Daily price (USD)');
    expect(price).toHaveValue('92');
    expect(document.title).toBe('2023 Hyundai Ioniq 5 settings | Upcar');
    const user = userEvent.setup();
    await user.clear(price);
    await user.type(price, '$1a20');
    expect(price).toHaveValue('120');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Car updated')).toBeInTheDocument();
    expect(sent).toEqual([{ call: 'updateCarDailyPrice', body: { dailyPrice: '120' } }]);

    const weekly = screen.getByLabelText('Weekly discount (%)');
    await user.clear(weekly);
    await user.type(weekly, '51');
    await user.click(screen.getByRole('button', { name: 'Save discounts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Discounts are whole percentages from 0 to 50.');
    expect(sent).toHaveLength(1);
    await user.clear(weekly);
    await user.type(weekly, '15');
    await user.click(screen.getByRole('button', { name: 'Save discounts' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ call: 'updatePriceDiscount', body: { weeklyDiscount: 15, monthlyDiscount: 20 } });
    // The host's car offers every tab, the delete included.
    expect(screen.getByRole('link', { name: 'Delete' })).toHaveAttribute('href', '/host/car/car-1/delete');
  }, 20_000);

  it("checks the price as the wizard does: required, above 0, and a warning under $50 that Continue still sends", async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing();
    carAnswer(car);
    const sent = updates(car);
    renderRoutes(hostRoutes, '/host/car/car-1/edit-pricing');
    const price = await screen.findByLabelText('Daily price (USD)');
    const user = userEvent.setup();
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Daily price is required.');
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid daily price greater than 0.');
    await user.clear(price);
    await user.type(price, '45');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Long-term rental only' });
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent).toEqual([{ call: 'updateCarDailyPrice', body: { dailyPrice: '45' } }]));
    expect(dialog).not.toBeInTheDocument();
  }, 20_000);

  it("shows the server's message on refusal and the spec's text when there is none", async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing();
    carAnswer(car);
    updates(car, { status: 409, error: 'car_not_listed', message: 'This listing is still in the wizard.' });
    renderRoutes(hostRoutes, '/host/car/car-1/edit-pricing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This listing is still in the wizard.');
    server.use(http.post('*/v1/host/car-update/:call/:id', () => new HttpResponse('oops', { status: 502 })));
    await user.click(screen.getByRole('button', { name: 'Save discounts' }));
    expect(await screen.findByText('Failed to update car discounts')).toBeInTheDocument();
  }, 20_000);

  it('shows a co-host without pricing the fields read only with why, no delete, and the server refusing a save anyway', async () => {
    setSession('tok', { userId: 'co-1' });
    const car = hostListing({ _id: 'car-5', carId: 'car-5', hostId: 'host-2', make: 'Toyota', model: 'Camry', carYear: 2022, dailyPrice: 55 });
    carAnswer(car);
    teams([hostTeam()]);
    const sent = updates(car, { status: 403, error: 'team_permission_denied', message: 'Your team does not allow pricing and availability.' });
    renderRoutes(hostRoutes, '/host/car/car-5/edit-pricing');
    expect(await screen.findByTestId('read-only-note')).toHaveTextContent('Read only: your team "Fremont crew" does not give co-hosts pricing and availability');
    expect(screen.getByLabelText('Daily price (USD)')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Weekly discount (%)')).toHaveAttribute('readonly');
    expect(screen.queryByRole('link', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your team does not allow pricing and availability.');
    expect(sent).toEqual([{ call: 'updateCarDailyPrice', body: { dailyPrice: '55' } }]);
  }, 20_000);

  it('sets a price for a range of dates, lists it as one row and removes it, each with updateDatePrices', async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing({ datePrices: [{ date: '2099-07-04', dailyPrice: 140 }] });
    carAnswer(car);
    const sent: DatePricesBody[] = [];
    let prices = car.datePrices;
    server.use(
      http.post('*/v1/host/car-update/updateDatePrices/:id', async ({ request }) => {
        const body = (await request.json()) as DatePricesBody;
        sent.push(body);
        for (const p of body.prices ?? []) {
          prices = prices.filter((x) => x.date !== p.date);
          if (p.dailyPrice != null) prices = [...prices, { date: String(p.date), dailyPrice: Number(p.dailyPrice) }];
        }
        prices.sort((a, b) => a.date.localeCompare(b.date));
        return HttpResponse.json<Answer<'/v1/host/car-update/updateDatePrices/{id}', 'post'>>({ status: true, message: 'Date prices updated', data: { ...car, datePrices: prices } });
      }),
    );
    renderRoutes(hostRoutes, '/host/car/car-1/edit-pricing');
    const list = await screen.findByRole('list', { name: 'Dates with their own price' });
    expect(list).toHaveTextContent('$140.00/day');
    const user = userEvent.setup();
    // Checked before sending: a first day, a range in order, a price.
    await user.click(screen.getByRole('button', { name: 'Set the price for these dates' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the first day.');
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2099-12-24' } });
    fireEvent.change(screen.getByLabelText('Last day (optional)'), { target: { value: '2099-12-23' } });
    await user.click(screen.getByRole('button', { name: 'Set the price for these dates' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The last day comes after the first.');
    fireEvent.change(screen.getByLabelText('Last day (optional)'), { target: { value: '2099-12-26' } });
    await user.click(screen.getByRole('button', { name: 'Set the price for these dates' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Daily price is required.');
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Price per day on these dates (USD)'), '180');
    await user.click(screen.getByRole('button', { name: 'Set the price for these dates' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ prices: ['2099-12-24', '2099-12-25', '2099-12-26'].map((date) => ({ date, dailyPrice: '180' })) });
    // The three dates are one row; removing it sends a null for each.
    const rows = await screen.findAllByTestId('date-price');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('$180.00/day');
    await user.click(within(rows[1]).getByRole('button', { name: /^Remove the price of/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ prices: ['2099-12-24', '2099-12-25', '2099-12-26'].map((date) => ({ date, dailyPrice: null })) });
    await waitFor(() => expect(screen.getAllByTestId('date-price')).toHaveLength(1));
  }, 20_000);

  it('shows a co-host without pricing the date prices without a form', async () => {
    setSession('tok', { userId: 'co-1' });
    const car = hostListing({ _id: 'car-5', carId: 'car-5', hostId: 'host-2', datePrices: [{ date: '2099-07-04', dailyPrice: 140 }] });
    carAnswer(car);
    teams([hostTeam()]);
    renderRoutes(hostRoutes, '/host/car/car-5/edit-pricing');
    expect(await screen.findByTestId('date-price')).toHaveTextContent('$140.00/day');
    expect(screen.queryByLabelText('First day')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove the price of/ })).not.toBeInTheDocument();
  });

  it('sends a co-host who opens the delete tab back to pricing', async () => {
    setSession('tok', { userId: 'co-1' });
    const car = hostListing({ _id: 'car-5', carId: 'car-5', hostId: 'host-2' });
    carAnswer(car);
    teams([hostTeam({ permissions: { full: true } })]);
    const { router } = renderRoutes(hostRoutes, '/host/car/car-5/delete');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/car/car-5/edit-pricing'));
    expect(await screen.findByLabelText('Daily price (USD)')).not.toHaveAttribute('readonly');
  }, 20_000);

  it("deletes the host's car after the confirmation, and shows the server's car_has_trips message", async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing();
    carAnswer(car);
    server.use(http.post('*/v1/host/car-update/deleteCar/car-1', () => HttpResponse.json({ error: 'car_has_trips', message: 'This car has trips that have not ended: R-1001.' }, { status: 409 })));
    renderRoutes(hostRoutes, '/host/car/car-1/delete');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete car' }));
    expect(screen.getByRole('dialog', { name: 'Delete 2023 Hyundai Ioniq 5?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This car has trips that have not ended: R-1001.');
  }, 20_000);

  it('saves trip preferences and guest instructions with their calls', async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing();
    carAnswer(car);
    const sent = updates(car);
    const { router } = renderRoutes(hostRoutes, '/host/car/car-1/preferences');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Minimum trip duration'), '2');
    expect(screen.queryByLabelText(/Two-day minimum/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/Instant booking/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ call: 'updateTripPreferences', body: { advanceNotice: 3, minTripDuration: 2, maxTripDuration: 1000, twoDayTripForWeekend: false, instantBooking: false } });
    await act(() => router.navigate('/host/car/car-1/instructions'));
    const text = await screen.findByLabelText('Instructions for your guests');
    await user.type(text, ' Park on level 2.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ call: 'updateGuestInstructions', body: { guestInstructions: 'The key is in the lockbox. Park on level 2.' } });
  }, 20_000);

  it('edits the extras as a list (name, price, per day or trip, a quantity 1-10) and sends the whole list', async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing({ extras: [{ extraId: 'x1', extraType: 'child_seat', description: 'Child seat', price: 10, per: 'day', isQuantityChoosable: true, availableQuantity: 2 }] });
    carAnswer(car);
    const sent = updates(car);
    renderRoutes(hostRoutes, '/host/car/car-1/extras');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an extra' }));
    // Each row's remove button says what it removes in words, never the stored code.
    expect(screen.getByRole('button', { name: 'Remove Child seat' })).toHaveTextContent(/^Remove$/);
    expect(screen.getByRole('button', { name: 'Remove this extra' })).toBeInTheDocument();
    const names = screen.getAllByLabelText('Name');
    await user.type(names[1], 'Cooler');
    await user.type(screen.getAllByLabelText('Price (USD)')[1], '$15.50');
    fireEvent.change(screen.getAllByLabelText('Charged')[1], { target: { value: 'trip' } });
    await user.click(screen.getAllByLabelText('Guest chooses a quantity')[1]);
    fireEvent.change(screen.getAllByLabelText('Quantity available')[1], { target: { value: '3' } });
    expect(screen.getAllByLabelText('Quantity available')[1].querySelectorAll('option')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Save extras' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      call: 'updateCarExtra',
      body: {
        extras: [
          { extraType: 'child_seat', description: 'Child seat', price: '10', per: 'day', isQuantityChoosable: true, availableQuantity: 2 },
          { extraType: 'Cooler', description: '', price: '15.50', per: 'trip', isQuantityChoosable: true, availableQuantity: 3 },
        ],
      },
    });
  }, 20_000);

  it('checks the details as the wizard does and sends the plate in upper case', async () => {
    setSession('tok', { userId: 'host-1' });
    const car = hostListing();
    carAnswer(car);
    const sent = updates(car);
    renderRoutes(hostRoutes, '/host/car/car-1/details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Description must be at least 60 words.');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: Array.from({ length: 60 }, () => 'word').join(' ') } });
    fireEvent.change(screen.getByLabelText('License plate'), { target: { value: 'abc 123' } });
    expect(screen.getByLabelText('License plate')).toHaveValue('ABC 123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].call).toBe('updateCarDetails');
    expect(sent[0].body).toMatchObject({ licensePlate: 'ABC 123', state: 'CA', seats: 5, doors: 4, gasType: 'ev', specialFeature: 'Electric', features: ['Bluetooth'] });
  }, 20_000);
});
