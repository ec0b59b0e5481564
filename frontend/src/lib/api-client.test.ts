import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Answer, Schemas } from '@/api/types';
import { server } from '@/test/server';
import { api, ApiError, errorMessage, routePath, serverMessage } from './api-client';

const failure = async () => {
  try {
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'x' } });
  } catch (e) {
    return e;
  }
  throw new Error('the call succeeded');
};

describe('the message of a failed call', () => {
  it("is the server's message when it sent one", async () => {
    server.use(http.get('*/v1/cars/getCar/x', () => HttpResponse.json({ error: 'car_not_found', message: 'Car not found' }, { status: 404 })));
    const e = await failure();
    expect(serverMessage(e)).toBe('Car not found');
    expect(errorMessage(e, 'Failed to fetch car')).toBe('Car not found');
  });

  it("is the caller's text when the answer has no message, or there was no answer", async () => {
    server.use(http.get('*/v1/cars/getCar/x', () => new HttpResponse('Bad gateway', { status: 502 })));
    const e = await failure();
    expect(serverMessage(e)).toBeNull();
    expect(errorMessage(e, 'Failed to fetch car')).toBe('Failed to fetch car');
    server.use(http.get('*/v1/cars/getCar/x', () => HttpResponse.error()));
    expect(errorMessage(await failure(), 'Failed to fetch car')).toBe('Failed to fetch car');
  });
});

/** What the server was sent, as it came. */
type Seen = { method: string; path: string; search: URLSearchParams; contentType: string | null; body: string };

function recordAll(answer: (s: Seen) => Response = () => HttpResponse.json({ status: true })) {
  const seen: Seen[] = [];
  server.use(
    http.all('*/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      const s = { method: request.method, path: url.pathname, search: url.searchParams, contentType: request.headers.get('content-type'), body: await request.text() };
      seen.push(s);
      return answer(s);
    }),
  );
  return seen;
}

describe('a call named by its route', () => {
  it("fills the route's path parameters, encoded, and sends it under /v1 once", async () => {
    const seen = recordAll();
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'a b/c?d#e%' } });
    await api.delete('/v1/host/calendar/imports/{carId}/{importId}', { path: { carId: 'car 1', importId: 'ü' } });
    await api.get('/v1/cars/checkPrices/{ids}', { path: { ids: 'a,b' } });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/cars/getCar/a%20b%2Fc%3Fd%23e%25',
      'DELETE /v1/host/calendar/imports/car%201/%C3%BC',
      'GET /v1/cars/checkPrices/a%2Cb',
    ]);
  });

  it('sends the query, leaving out empty values', async () => {
    const seen = recordAll();
    await api.get('/v1/cars/isCarAvailableForTheseDates/{id}', { path: { id: 'c1' }, params: { fromDate: '2030-01-02', fromTime: '10:00 AM', untilDate: '', isDelivery: false, untilTime: null } });
    expect(seen[0].path).toBe('/v1/cars/isCarAvailableForTheseDates/c1');
    expect([...seen[0].search]).toEqual([
      ['fromDate', '2030-01-02'],
      ['fromTime', '10:00 AM'],
      ['isDelivery', 'false'],
    ]);
  });

  it('sends a JSON body as JSON, a form as it is, and no body when none is given', async () => {
    const seen = recordAll();
    await api.post('/v1/users/login', { body: { email: 'a@b.c', password: 'pw' } });
    const form = new FormData();
    form.append('type', 'insurance');
    await api.post('/v1/image/uploadPdf', { body: form });
    await api.post('/v1/users/addFav/{carId}', { path: { carId: 'c1' } });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/users/login', contentType: 'application/json' });
    expect(JSON.parse(seen[0].body)).toEqual({ email: 'a@b.c', password: 'pw' });
    expect(seen[1].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1].body).toMatch(/name="type"\r\n\r\ninsurance\r\n/);
    expect(seen[2]).toMatchObject({ path: '/v1/users/addFav/c1', contentType: null, body: '' });
  });

  it('takes the statuses it is told to as answers, and refuses the others', async () => {
    const conflict = { status: false, available: false, error: 'car_not_available', message: 'Not free', alternatives: [] };
    recordAll(() => HttpResponse.json(conflict, { status: 409 }));
    const a = await api.get('/v1/cars/isCarAvailableForTheseDates/{id}', { path: { id: 'c1' }, acceptStatuses: [400, 409] });
    expect(a).toEqual(conflict);
    const refused = await api.get('/v1/cars/isCarAvailableForTheseDates/{id}', { path: { id: 'c1' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'car_not_available' });
  });

  it('refuses a call whose path parameter has no value, without sending it', async () => {
    const seen = recordAll();
    // A caller the types do not reach (the value is missing at run time).
    const path = { carId: undefined } as unknown as { carId: string };
    await expect(api.get('/v1/cars/getCar/{carId}', { path })).rejects.toThrow('/v1/cars/getCar/{carId}: no value for {carId}');
    expect(seen).toEqual([]);
  });

  it('routePath strips only the leading /v1 of the route', () => {
    expect(routePath('/v1/users/getuser/{id}', { id: 'u/1' })).toBe('/users/getuser/u%2F1');
    expect(routePath('/v1/v1x/{a}', { a: 1 })).toBe('/v1x/1');
    expect(routePath('/v1')).toBe('');
  });
});

/**
 * Compile-time checks: `tsc -b` (npm run typecheck, npm run build) checks the test files too
 * (tsconfig.json includes all of src), so each line marked `@ts-expect-error` must stay an
 * error. Never called.
 */
export function typeChecks(id: string, form: FormData) {
  // @ts-expect-error a route the document does not have
  void api.get('/v1/cars/noSuchRoute');
  // @ts-expect-error a route is written as the document writes it, with /v1
  void api.get('/cars/getCar/{carId}', { path: { carId: id } });
  // @ts-expect-error a URL built by hand is not a route
  void api.get(`/v1/cars/getCar/${id}`);
  // @ts-expect-error the route has no POST
  void api.post('/v1/cars/getCar/{carId}', { path: { carId: id } });
  // @ts-expect-error the route has no GET
  void api.get('/v1/users/login');
  const { get } = api;
  // @ts-expect-error an answer type cannot be given (no borrowing another route's)
  void get<{ data: string }>('/v1/trips/protectionPlans');

  // @ts-expect-error the route's path parameters are required
  void api.get('/v1/cars/getCar/{carId}');
  // @ts-expect-error and named as the route names them
  void api.get('/v1/cars/getCar/{carId}', { path: { id } });
  // @ts-expect-error every one of them
  void api.delete('/v1/host/calendar/imports/{carId}/{importId}', { path: { carId: id } });
  // @ts-expect-error a route without any takes none
  void api.get('/v1/trips/protectionPlans', { path: { id } });

  // @ts-expect-error the route's body is required
  void api.post('/v1/users/login');
  // @ts-expect-error and of its shape
  void api.post('/v1/users/login', { body: { emailAddress: id } });
  // @ts-expect-error a form only where the route takes one
  void api.post('/v1/users/login', { body: form });
  // @ts-expect-error a route without a body takes none
  void api.get('/v1/trips/protectionPlans', { body: {} });
  // @ts-expect-error nor does a POST the document declares without one
  void api.post('/v1/payment/stripe/getPrimaryPaymentMethod', { body: { userId: id } });
  // @ts-expect-error the query is the route's
  void api.get('/v1/cars/isCarAvailableForTheseDates/{id}', { path: { id }, params: { nope: 1 } });
  // @ts-expect-error a route without a query takes none
  void api.get('/v1/trips/protectionPlans', { params: { page: 1 } });

  // A refusal's code is one the server's tables declare (ErrorCode, from the document).
  const refusal = new ApiError(404, 'car_not_found', 'Car not found', null);
  // @ts-expect-error a code no table declares
  void (refusal.code === 'no_such_code');
  // @ts-expect-error nor can one be made up
  void new ApiError(400, 'no_such_code', 'x', null);
  void (refusal.code === 'http_502');

  // The answer is the route's.
  expectTypeOf(api.get('/v1/cars/getCar/{carId}', { path: { carId: id } })).resolves.toEqualTypeOf<Answer<'/v1/cars/getCar/{carId}', 'get'>>();
  expectTypeOf(api.post('/v1/image/uploadPdf', { body: form })).resolves.toEqualTypeOf<Schemas['PrivateFile']>();
  // With statuses taken as answers: what the document declares for them.
  expectTypeOf(api.get('/v1/cars/isCarAvailableForTheseDates/{id}', { path: { id }, acceptStatuses: [400, 409] })).resolves.toEqualTypeOf<Schemas['Availability'] | Schemas['Conflict']>();
  expectTypeOf(api.post('/v1/trips/createTrip', { body: {} as Schemas['CreateTripBody'], acceptStatuses: [409] })).resolves.toEqualTypeOf<Schemas['TripAnswer'] | Schemas['Conflict']>();
  // A status the document does not declare adds nothing.
  expectTypeOf(api.get('/v1/trips/getHostWeeklyAvailability', { acceptStatuses: [400] })).resolves.toEqualTypeOf<Answer<'/v1/trips/getHostWeeklyAvailability', 'get'>>();
}
