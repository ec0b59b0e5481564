/**
 * The listing wizard's mock server for unit tests: a draft kept in memory, answered as the
 * gateway's document says, every call recorded. Only tests import this file.
 */
import { http, HttpResponse } from 'msw';
import type { Answer, Schemas } from '@/api/types';
import { server } from '@/test/server';

export type CarListing = Schemas['CarListing'];

export function carListing(over: Partial<CarListing> = {}): CarListing {
  return {
    _id: 'car-9',
    carId: 'car-9',
    hostId: 'u1',
    status: 'draft',
    nextStep: 'features',
    completedSteps: ['location', 'vinDetails', 'availability'],
    address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', country: 'US' },
    location: { type: 'Point', coordinates: [-121.99, 37.55] },
    vin: '2T3P1RFV6MC000753',
    make: 'Toyota',
    model: 'RAV4',
    style: 'suv',
    carYear: 2021,
    trim: 'XLE',
    odometer: '0-50k miles',
    transmissionType: 'automatic',
    advanceNotice: 3,
    minTripDuration: 1,
    maxTripDuration: 1000,
    twoDayTripForWeekend: false,
    features: [],
    specialFeature: null,
    licensePlate: null,
    state: null,
    seats: null,
    doors: null,
    gasType: null,
    carDetails: null,
    photoUrls: [],
    primaryPhotoUrl: null,
    dailyPrice: null,
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    weeklyDiscount: 0,
    monthlyDiscount: 0,
    instantBooking: true,
    guestInstructions: '',
    extras: [],
    datePrices: [],
    ...over,
  };
}

const ENUMS: Record<string, Schemas['EnumValue'][]> = {
  carMakes: ['Honda', 'Toyota'],
  carTypes: ['sedan', 'suv', 'truck'],
  carOdometers: ['0-50k miles', '50k-100k miles', '100k-130k miles'],
  statesList: [
    { value: 'CA', label: 'California' },
    { value: 'NV', label: 'Nevada' },
  ],
  carSpecialFeatures: ['Electric', 'Hybrid', 'All-wheel drive'],
  carFeatures: ['Bluetooth', 'Backup camera', 'Heated seats'],
};

type Refusal = { status: number; error: string; message: string };

/** Installs the listing calls. `draft` null: the caller has none. Returns what was sent. */
export function listingServer(opts: { draft?: CarListing | null; message?: string; refuse?: Record<string, Refusal | 'status-false'>; statesFail?: boolean } = {}) {
  let draft = opts.draft ?? null;
  const sent = { sections: [] as Record<string, unknown>[], deleted: [] as string[], reads: [] as string[], checks: 0, vinLookups: [] as string[] };
  server.use(
    http.post('*/v1/host/carListing/checkCarListing', () => {
      sent.checks += 1;
      return HttpResponse.json<Answer<'/v1/host/carListing/checkCarListing', 'post'>>({
        status: true,
        hasExistingListing: Boolean(draft),
        message: draft ? (opts.message ?? 'You have a car listing in progress.') : 'No listing in progress.',
        carId: draft?.carId ?? null,
        nextStep: draft?.nextStep ?? null,
      });
    }),
    http.get('*/v1/host/carListing/car/:id', ({ params }) => {
      sent.reads.push(String(params.id));
      if (!draft || draft.carId !== params.id) return HttpResponse.json({ error: 'listing_not_found', message: 'No such listing.' }, { status: 404 });
      return HttpResponse.json<Answer<'/v1/host/carListing/car/{id}', 'get'>>({ status: true, carListing: draft, nextStep: draft.nextStep });
    }),
    http.delete('*/v1/host/carListing/deleteCarListing/:id', ({ params }) => {
      sent.deleted.push(String(params.id));
      draft = null;
      return HttpResponse.json<Answer<'/v1/host/carListing/deleteCarListing/{id}', 'delete'>>({ status: true, message: 'Deleted' });
    }),
    http.post('*/v1/host/carListing/addCarListing', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.sections.push(body);
      const name = String(body.sectionName);
      const refusal = opts.refuse?.[name];
      if (refusal === 'status-false') return HttpResponse.json({ status: false, message: '', carId: draft?.carId ?? '', longTermOnlyWarning: false });
      if (refusal) return HttpResponse.json({ error: refusal.error, message: refusal.message }, { status: refusal.status });
      const order = ['location', 'vinDetails', 'availability', 'features', 'description', 'dailyPrice', 'photos', 'finalize'];
      const base = draft ?? carListing({ completedSteps: [], nextStep: 'location', vin: null, make: null, model: null });
      const completed = [...new Set([...base.completedSteps, name])];
      const next = order.find((s) => s !== 'finalize' && !completed.includes(s)) ?? (name === 'finalize' ? null : 'finalize');
      draft = { ...base, completedSteps: completed, nextStep: next, status: name === 'finalize' ? 'pending' : base.status };
      if (name === 'features') draft = { ...draft, licensePlate: String(body.licensePlate), features: body.features as string[], specialFeature: String(body.specialFeature) };
      if (name === 'dailyPrice') draft = { ...draft, dailyPrice: Number(body.carDailyPrice) };
      return HttpResponse.json<Answer<'/v1/host/carListing/addCarListing', 'post'>>({ status: true, message: 'Saved', carId: draft.carId, nextStep: next, longTermOnlyWarning: name === 'dailyPrice' && Number(body.carDailyPrice) < 50 });
    }),
    http.get('*/v1/api/enums/:name', ({ params }) => {
      if (opts.statesFail && params.name === 'statesList') return HttpResponse.json({ error: 'unavailable', message: 'down' }, { status: 503 });
      return HttpResponse.json<Answer<'/v1/api/enums/{name}', 'get'>>({ status: true, data: ENUMS[String(params.name)] ?? [] });
    }),
    http.post('*/v1/host/carListing/getcarfeatures', () =>
      HttpResponse.json<Answer<'/v1/host/carListing/getcarfeatures', 'post'>>({
        status: true,
        data: { featuresAvailability: [{ name: 'Bluetooth', available: true }, { name: 'Backup camera', available: true }, { name: 'Heated seats', available: false }] },
      }),
    ),
    http.get('*/v1/host/carListing/getModelsForMake/:make', ({ params }) => HttpResponse.json<Answer<'/v1/host/carListing/getModelsForMake/{make}', 'get'>>({ status: true, models: params.make === 'Toyota' ? ['Camry', 'RAV4'] : ['Civic'] })),
    http.get('*/v1/host/carListing/CheckExistingVIN/:vin', ({ params }) => HttpResponse.json<Answer<'/v1/host/carListing/CheckExistingVIN/{vin}', 'get'>>({ status: String(params.vin).endsWith('999999'), message: '' })),
    http.get('*/v1/host/carListing/getCarDetailsByVIN/:vin', ({ params }) => {
      sent.vinLookups.push(String(params.vin));
      if (String(params.vin).endsWith('000000')) return HttpResponse.json<Answer<'/v1/host/carListing/getCarDetailsByVIN/{vin}', 'get'>>({ status: false, message: 'Car details could not be fetched for this VIN.', data: null });
      if (String(params.vin).endsWith('500500')) return HttpResponse.json({ error: 'vin_lookup_failed', message: 'down' }, { status: 503 });
      return HttpResponse.json<Answer<'/v1/host/carListing/getCarDetailsByVIN/{vin}', 'get'>>({ status: true, message: 'ok', data: { make: 'Toyota', model: 'RAV4', trim: 'XLE', style: 'suv', carYear: 2021, transmissionType: '' } });
    }),
  );
  return { sent, current: () => draft };
}
