import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { tripCareRoutes } from './trip-care-routes';

type Agreement = Answer<'/v1/trips/getRentalAgreement/{tripId}', 'get'>;

const agreement: Agreement = {
  status: true,
  data: {
    tripId: 'trip-1',
    renterName: 'Dana Green',
    hostName: 'Grace Kim',
    createdAt: '2030-01-01T18:00:00Z',
    timeZone: 'America/Los_Angeles',
    carName: '2022 Toyota RAV4',
    carMake: 'Toyota',
    carModel: 'RAV4',
    carYear: 2022,
    licensePlate: '8ABC123',
    newStartTimeFormatted: 'Thu, Jan 10, 2030 10:00 AM PST',
    newEndTimeFormatted: 'Sat, Jan 12, 2030 10:00 AM PST',
    startTime: '2030-01-10T10:00:00-08:00',
    endTime: '2030-01-12T10:00:00-08:00',
    reservationNumber: 'UPC-2030-0042',
    additionalDrivers: [],
    status: 'confirmed',
    protectionPlanType: 'Standard',
    protectionPlan: { name: 'Standard', label: 'Standard', coverage: ['Liability coverage'], percentOfTripPrice: 25, deductible: 500 },
    signed: false,
    signedAt: null,
    checkedInAt: null,
    checkedOutAt: null,
    agreementToken: null,
    agreementUrl: null,
    tokenExpiresAt: null,
    termsUrl: '/terms/conditions',
  },
};

type Asked = { token: string | null; auth: string | null };

function backend(answer: [number, unknown] = [200, agreement]) {
  const asked: Asked[] = [];
  server.use(
    http.get('*/v1/trips/getRentalAgreement/:id', ({ request }) => {
      asked.push({ token: new URL(request.url).searchParams.get('token'), auth: request.headers.get('Authorization') });
      return HttpResponse.json(answer[1] as Record<string, unknown>, { status: answer[0] });
    }),
  );
  return asked;
}

const routes = [...tripCareRoutes, { path: '/login-static', element: <p>login page</p> }, { path: '/bookings', element: <p>trip page</p> }, { path: '/terms/conditions', element: <p>terms</p> }];

describe('rental agreement page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('signed in: the session token, not the URL one; the sections as the spec numbers them; Print', async () => {
    setSession('t-session', user());
    const asked = backend();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderRoutes(routes, '/rental-agreement?tripId=trip-1&token=url-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rental agreement' })).toBeInTheDocument();
    expect(asked).toEqual([{ token: null, auth: 'Bearer t-session' }]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Parties',
      '2. Rental information',
      '3. Responsibilities and liability',
      '3. Vehicle condition',
      '4. Protection plan',
      "5. Renter's financial responsibility",
      '6. Vehicle return and late fees',
      'Agreement',
    ]);
    const facts = screen.getByRole('heading', { name: '2. Rental information' }).parentElement as HTMLElement;
    for (const text of ['Toyota RAV4', '2022', '8ABC123', 'Thu, Jan 10, 2030 10:00 AM PST', 'Sat, Jan 12, 2030 10:00 AM PST', 'UPC-2030-0042']) expect(facts).toHaveTextContent(text);
    expect(screen.getByText('Grace Kim')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms/conditions');
    expect(document.title).toBe('Rental agreement | Upcar');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("signed out: the URL's token, and no bearer", async () => {
    const asked = backend();
    renderRoutes(routes, '/rental-agreement?tripId=trip-1&token=url-token');
    expect(await screen.findByTestId('agreement-reservation')).toHaveTextContent('UPC-2030-0042');
    expect(asked).toEqual([{ token: 'url-token', auth: null }]);
  });

  it('goes to /login-static without a token, and without a trip id', async () => {
    const asked = backend();
    const a = renderRoutes(routes, '/rental-agreement?tripId=trip-1');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/login-static'));
    expect(a.router.state.location.search).toBe(`?nextPage=${encodeURIComponent('/rental-agreement?tripId=trip-1')}`);
    a.unmount();
    setSession('t-session', user());
    const b = renderRoutes(routes, '/rental-agreement');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/login-static'));
    expect(asked).toEqual([]);
  });

  it('a failed load goes back to the trip', async () => {
    backend([404, { error: 'agreement_not_found', message: 'This agreement link is not valid.' }]);
    const { router } = renderRoutes(routes, '/rental-agreement?tripId=trip-1&token=old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(router.state.location.search).toBe('?tripId=trip-1');
  });
});
