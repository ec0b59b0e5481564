import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/api/types';
import { queryKeys } from '@/api/query-keys';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import BecomeHostRoute from '../routes/become-host';
import { carListing, listingServer, type CarListing } from '../testing/listing-server';

// Whole steps typed through: more than the default 5 s on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });
// Each save is a round trip through the mock server and a read of the draft: on a busy machine
// that takes longer than the default 1 s of findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

vi.mock('@/components/map/lazy-map', () => import('@/test/map-mock'));
// The browser's image steps: sizes by file name, JPEG out.
vi.mock('@/lib/photos/photo-tools', () => ({
  browserPhotoTools: {
    convertHeic: async (b: Blob) => new Blob([await b.arrayBuffer()], { type: 'image/jpeg' }),
    dimensions: async (b: Blob) => (b instanceof File && b.name.startsWith('small') ? { width: 200, height: 300 } : { width: 800, height: 600 }),
    compress: async () => new Blob([new Uint8Array(64)], { type: 'image/jpeg' }),
  },
}));

const routes: RouteObject[] = [
  { path: '/host/become-host', element: <BecomeHostRoute /> },
  { path: '/host/car/:id/edit-pricing', element: <p>Pricing page</p> },
];

const ALL = ['location', 'vinDetails', 'availability', 'features', 'description', 'dailyPrice', 'photos'];

function open(step: string, draft: CarListing | null) {
  setSession('host-token', { userId: 'u1', firstName: 'Lee' });
  const s = listingServer({ draft });
  const r = renderRoutes(routes, `/host/become-host?step=${step}`);
  return { ...s, ...r, step: () => new URLSearchParams(r.router.state.location.search).get('step') };
}

const click = (name: string | RegExp) => userEvent.click(screen.getByRole('button', { name }));
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');


/** Autocomplete answering the city of Fremont alone (a place without a street or zip). */
const fremontOnly = () =>
  http.get('*/v1/places/autocomplete', () =>
    HttpResponse.json<Answer<'/v1/places/autocomplete', 'get'>>({
      status: true,
      data: [{ placeId: 'city:CA:Fremont', text: 'Fremont, CA', lat: 37.5485, lng: -121.9886, formatted_address: 'Fremont, CA', name: 'Fremont', displayName: 'Fremont', types: ['locality'], group: 'City', location: { lat: 37.5485, lng: -121.9886 }, geometry: { location: { lat: 37.5485, lng: -121.9886 } } }],
      groups: [],
    }),
  );

describe('location', () => {
  it("asks for the manual form's four fields, then finds the address and shows the pin and the review", async () => {
    server.use(http.get('*/v1/places/geocode', () => HttpResponse.json<Answer<'/v1/places/geocode', 'get'>>({ status: true, results: [{ placeId: 'p', text: '', lat: 37.5, lng: -121.9, formatted_address: '', name: '', displayName: '', types: [], group: 'Address', location: { lat: 37.5, lng: -121.9 }, geometry: { location: { lat: 37.5, lng: -121.9 } } }] })));
    const { sent, step } = open('location', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Enter the address manually' }));
    expect(screen.getByLabelText('Country')).toHaveValue('United States');
    await click('Continue');
    for (const m of ['Street address is required.', 'City is required.', 'State is required.', 'Zip code is required.']) expect(screen.getByText(m)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Street address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('City'), 'Fremont');
    await userEvent.selectOptions(await screen.findByLabelText('State'), 'CA');
    await userEvent.type(screen.getByLabelText('Zip code'), '94536');
    await click('Continue');
    expect(await screen.findByTestId('map-pin')).toHaveAttribute('data-lat', '37.500000');
    // A click on the map moves the pin.
    await userEvent.click(screen.getByTestId('map-pin'));
    expect(screen.getByTestId('map-pin')).toHaveAttribute('data-lat', '37.501000');
    await click('Confirm location');
    expect(screen.getByTestId('review-address')).toHaveTextContent('1 Main St, Fremont, CA 94536');
    // Back from the review goes to the map.
    await click('Back');
    await click('Confirm location');
    await click('Save and continue');
    await waitFor(() => expect(step()).toBe('vinDetails'));
    expect(sent.sections[0]).toEqual({ userId: 'u1', sectionName: 'location', address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', country: 'US' }, location: { type: 'Point', coordinates: [-121.9, 37.501] } });
  });

  it('says so when the address cannot be found', async () => {
    server.use(http.get('*/v1/places/geocode', () => HttpResponse.json<Answer<'/v1/places/geocode', 'get'>>({ status: true, results: [] })));
    open('location', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Enter the address manually' }));
    await userEvent.type(screen.getByLabelText('Street address'), '1 Nowhere');
    await userEvent.type(screen.getByLabelText('City'), 'Atlantis');
    await userEvent.selectOptions(await screen.findByLabelText('State'), 'NV');
    await userEvent.type(screen.getByLabelText('Zip code'), '00000');
    await click('Continue');
    expect(await screen.findByText('Unable to find location. Please ensure the address is correct.')).toBeInTheDocument();
  });

  it('a street typed before choosing a city is kept in the manual form', async () => {
    server.use(
      fremontOnly(),
    );
    open('location', null);
    await userEvent.type(await screen.findByRole('combobox', { name: "Car's address" }), '39180 Fremont Blvd');
    await userEvent.click(await screen.findByRole('option', { name: 'Fremont, CA' }, { timeout: 3000 }));
    expect(await screen.findByLabelText('Street address')).toHaveValue('39180 Fremont Blvd');
    expect(screen.getByLabelText('City')).toHaveValue('Fremont');
    expect(screen.getByText('This place has no zip: please complete the address.')).toBeInTheDocument();
  });

  it("a place without a street number goes to the manual form with what it knows; a refused save shows 'Apologies'", async () => {
    server.use(
      fremontOnly(),
      http.get('*/v1/places/geocode', () => HttpResponse.json<Answer<'/v1/places/geocode', 'get'>>({ status: true, results: [] })),
    );
    const { sent } = open('location', null);
    const listingDraft = sent;
    await userEvent.type(await screen.findByRole('combobox', { name: "Car's address" }), 'Fremont');
    await userEvent.click(await screen.findByRole('option', { name: 'Fremont, CA' }, { timeout: 3000 }));
    expect(await screen.findByLabelText('City')).toHaveValue('Fremont');
    expect(await screen.findByLabelText('State')).toHaveValue('CA');
    expect(screen.getByText(/This place has no street number, route, zip/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Street address'), '5 Oak Ave');
    await userEvent.type(screen.getByLabelText('Zip code'), '94538');
    await click('Continue');
    // Nothing matched the address: the chosen place's position is kept.
    expect(await screen.findByTestId('map-pin')).toHaveAttribute('data-lat', '37.548500');
    await click('Confirm location');
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.json({ error: 'invalid_zip', message: 'Please enter a 5-digit zip code.' }, { status: 400 })));
    await click('Save and continue');
    const dialog = await screen.findByRole('dialog', { name: 'Apologies' });
    expect(within(dialog).getByText('Please enter a 5-digit zip code.')).toBeInTheDocument();
    expect(listingDraft.sections).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.error()));
    await click('Save and continue');
    expect(within(await screen.findByRole('dialog', { name: 'Apologies' })).getByText('Error submitting the address')).toBeInTheDocument();
  });
});

describe('VIN', () => {
  const draft = () => carListing({ completedSteps: ['location'], nextStep: 'vinDetails', vin: null, make: null, model: null, trim: null, style: null, carYear: null, odometer: null, transmissionType: null });

  it('checks the VIN, looks it up, confirms, edits and submits', async () => {
    const { sent, step } = open('vinDetails', draft());
    const vin = await screen.findByLabelText('VIN');
    await userEvent.type(vin, '2T3P1RFV6MC00075');
    await click('Look up VIN');
    expect(screen.getByText('Please enter a valid 17-digit VIN number.')).toBeInTheDocument();
    await userEvent.clear(vin);
    await userEvent.type(vin, '  2t3p1rfv6mc000753 ');
    await click('Look up VIN');
    const confirm = await screen.findByRole('dialog', { name: 'Is this your car?' });
    expect(confirm).toHaveTextContent('2021');
    expect(confirm).toHaveTextContent('RAV4');
    expect(confirm).toHaveTextContent('SUV');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit vehicle details' });
    const year = within(edit).getByLabelText('Year');
    expect(within(year).getAllByRole('option')).toHaveLength(51);
    expect(within(year).getAllByRole('option')[1]).toHaveTextContent(String(new Date().getFullYear()));
    await userEvent.selectOptions(year, '');
    await userEvent.selectOptions(within(edit).getByLabelText('Make'), '');
    await userEvent.clear(within(edit).getByLabelText('Trim'));
    await userEvent.selectOptions(within(edit).getByLabelText('Style'), '');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save vehicle' }));
    for (const m of ['Please select a car year', 'Please select a make', 'Please select a model', 'Please enter a trim', 'Please select a style']) expect(within(edit).getByText(m)).toBeInTheDocument();
    await userEvent.selectOptions(year, '2020');
    await userEvent.selectOptions(within(edit).getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(within(within(edit).getByLabelText('Model')).getByRole('option', { name: 'Camry' })).toBeInTheDocument());
    await userEvent.selectOptions(within(edit).getByLabelText('Model'), 'Camry');
    await userEvent.type(within(edit).getByLabelText('Trim'), 'SE');
    await userEvent.selectOptions(within(edit).getByLabelText('Style'), 'Other');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save vehicle' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Is this your car?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('vehicle-summary')).toHaveTextContent('2020 Toyota Camry SE · Sedan');
    expect(screen.getByLabelText('Automatic')).toBeChecked();
    await click('Save and continue');
    expect(screen.getByText('Please select an odometer reading')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms of service before continuing')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Odometer'), '50k-100k miles');
    await userEvent.click(screen.getByLabelText('Manual'));
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms of service/ }));
    await click('Save and continue');
    await waitFor(() => expect(step()).toBe('availability'));
    expect(sent.sections.at(-1)).toEqual({ userId: 'u1', carId: 'car-9', sectionName: 'vinDetails', vin: '2T3P1RFV6MC000753', make: 'Toyota', model: 'Camry', style: 'sedan', carYear: '2020', odometer: '50k-100k miles', transmissionType: 'manual', trim: 'SE', termsAccepted: true });
  });

  it('says when nothing is known, when the lookup fails, and shows the already-registered dialog', async () => {
    open('vinDetails', draft());
    const vin = await screen.findByLabelText('VIN');
    await userEvent.type(vin, '2T3P1RFV6MC000000');
    await click('Look up VIN');
    expect(await screen.findByText('Car details could not be fetched for this VIN.')).toBeInTheDocument();
    await userEvent.clear(vin);
    await userEvent.type(vin, '2T3P1RFV6MC500500');
    await click('Look up VIN');
    expect(await screen.findByText('Error fetching car details.')).toBeInTheDocument();
    await userEvent.clear(vin);
    await userEvent.type(vin, '2T3P1RFV6MC999999');
    await click('Look up VIN');
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle already registered' });
    expect(dialog).toHaveTextContent('A car with this VIN number is already in our system. Please try adding a different vehicle or contact support if you believe this is an error.');
  });

  it("shows the dialog when the save finds the VIN registered, and 'Error submitting car info.' when it fails", async () => {
    open('vinDetails', carListing({ nextStep: 'features' }));
    await screen.findByTestId('vin-details');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms of service/ }));
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.json({ error: 'vin_registered', message: 'A car with this VIN number is already in our system.' }, { status: 409 })));
    await click('Save and continue');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Vehicle already registered' })).getByRole('button', { name: 'OK' }));
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.error()));
    await click('Save and continue');
    expect(await screen.findByText('Error submitting car info.')).toBeInTheDocument();
  });
});

describe('availability', () => {
  it('offers the two-day weekend minimum only with a one-day minimum trip', async () => {
    const { sent } = open('availability', carListing());
    const weekend = await screen.findByLabelText(/two days for trips starting on a Friday/);
    await userEvent.click(weekend);
    await userEvent.selectOptions(screen.getByLabelText('Minimum trip duration'), '3');
    expect(screen.queryByLabelText(/two days for trips starting on a Friday/)).not.toBeInTheDocument();
    // The spec's advance notice options (section 9), read before the save moves the wizard on.
    expect(within(screen.getByLabelText('Advance notice')).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['1', '2', '3', '6', '12', '24']);
    await userEvent.selectOptions(screen.getByLabelText('Advance notice'), '24');
    await userEvent.selectOptions(screen.getByLabelText('Maximum trip duration'), '30');
    await click('Save and continue');
    await waitFor(() => expect(sent.sections.at(-1)).toMatchObject({ advanceNotice: 24, minTripDuration: 3, maxTripDuration: 30, twoDayTripForWeekend: false }));
  });
});

describe('features', () => {
  it('requires the plate and the special feature, upper-cases the plate, and ticks what the vehicle likely has', async () => {
    const { sent, step } = open('features', carListing());
    expect(await screen.findByLabelText('Bluetooth')).toBeChecked();
    expect(screen.getByLabelText('Backup camera')).toBeChecked();
    expect(screen.getByLabelText('Heated seats')).not.toBeChecked();
    expect(await screen.findByLabelText('License plate state')).toHaveValue('CA');
    expect(screen.getByLabelText('Seats')).toHaveValue('4');
    expect(screen.getByLabelText('Doors')).toHaveValue('4');
    expect(screen.getByLabelText('Gas')).toBeChecked();
    expect(within(screen.getByLabelText('Seats')).getAllByRole('option').map((o) => o.textContent)).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    await click('Save and continue');
    expect(screen.getByText('License plate number is required.')).toBeInTheDocument();
    expect(screen.getByText('Special feature is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('License plate number'), '7abc123');
    expect(screen.getByLabelText('License plate number')).toHaveValue('7ABC123');
    await userEvent.selectOptions(screen.getByLabelText('Special feature'), 'Hybrid');
    await userEvent.click(screen.getByLabelText('Heated seats'));
    await userEvent.click(screen.getByLabelText('Bluetooth'));
    await userEvent.click(screen.getByLabelText('Hybrid'));
    await click('Save and continue');
    await waitFor(() => expect(step()).toBe('description'));
    expect(sent.sections.at(-1)).toEqual({ userId: 'u1', carId: 'car-9', sectionName: 'features', licensePlate: '7ABC123', state: 'CA', features: ['Backup camera', 'Heated seats'], seats: 4, doors: 4, gasType: 'hybrid', specialFeature: 'Hybrid' });
  });

  it("says 'Unable to load states' and takes a typed state", async () => {
    setSession('host-token', { userId: 'u1' });
    listingServer({ draft: carListing(), statesFail: true });
    renderRoutes(routes, '/host/become-host?step=features');
    expect(await screen.findByText('Unable to load states')).toBeInTheDocument();
    expect(screen.getByLabelText('License plate state')).toHaveValue('CA');
  });
});

describe('description', () => {
  const draft = () => carListing({ completedSteps: ALL.slice(0, 4), nextStep: 'description' });

  it('counts words as typed, needs 60, and writes one with AI', async () => {
    let asked: unknown = null;
    server.use(
      http.post('*/v1/host/carListing/getcardescription', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json<Answer<'/v1/host/carListing/getcardescription', 'post'>>({ status: true, carDescription: words(64) });
      }),
    );
    const { sent, step } = open('description', draft());
    const box = await screen.findByLabelText('Description');
    await userEvent.type(box, 'A tidy car');
    expect(screen.getByTestId('word-count')).toHaveTextContent('3 words (at least 60)');
    await click('Save and continue');
    expect(screen.getByText('Description must be at least 60 words.')).toBeInTheDocument();
    await click('Generate with AI');
    await waitFor(() => expect(box).toHaveValue(words(64)));
    expect(asked).toEqual({ carListingId: 'car-9', make: 'Toyota', model: 'RAV4', carYear: '2021', style: 'suv', transmissionType: 'automatic' });
    await click('Save and continue');
    await waitFor(() => expect(step()).toBe('dailyPrice'));
    expect(sent.sections.at(-1)).toMatchObject({ sectionName: 'description', carDescription: words(64) });
  });

  it('says when the AI fails and prefixes a refused save', async () => {
    server.use(http.post('*/v1/host/carListing/getcardescription', () => HttpResponse.json({ error: 'x', message: 'down' }, { status: 503 })));
    open('description', draft());
    await userEvent.click(await screen.findByRole('button', { name: 'Generate with AI' }));
    expect(await screen.findByText('Failed to generate AI description. Please try again.')).toBeInTheDocument();
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.json({ error: 'description_too_long', message: 'Description must be at most 5,000 characters.' }, { status: 400 })));
    await userEvent.click(screen.getByLabelText('Description'));
    await userEvent.paste(words(61));
    await click('Save and continue');
    expect(await screen.findByText('Error submitting car description: Description must be at most 5,000 characters.')).toBeInTheDocument();
  });
});

describe('daily price', () => {
  it('takes digits only, needs a price above 0, and warns under $50 before saving', async () => {
    const { sent, step } = open('dailyPrice', carListing({ completedSteps: ALL.slice(0, 5), nextStep: 'dailyPrice' }));
    const price = await screen.findByLabelText('Daily price (USD)');
    expect(price).toHaveValue('50');
    await userEvent.clear(price);
    await click('Save and continue');
    expect(screen.getByText('Daily price is required.')).toBeInTheDocument();
    await userEvent.type(price, '0');
    await click('Save and continue');
    expect(screen.getByText('Please enter a valid daily price greater than 0.')).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '$4a5');
    expect(price).toHaveValue('45');
    await click('Save and continue');
    const warning = await screen.findByRole('dialog', { name: 'Long-term rentals only' });
    expect(sent.sections).toEqual([]);
    await userEvent.click(within(warning).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step()).toBe('photos'));
    expect(sent.sections.at(-1)).toMatchObject({ sectionName: 'dailyPrice', carDailyPrice: '45' });
  });

  it("shows 'Error updating daily price.' when the save fails", async () => {
    open('dailyPrice', carListing({ completedSteps: ALL.slice(0, 5), nextStep: 'dailyPrice' }));
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.error()));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Error updating daily price.')).toBeInTheDocument();
  });
});

describe('photos', () => {
  const puts: string[] = [];
  beforeEach(() => {
    puts.length = 0;
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${(n += 1)}`);
    URL.revokeObjectURL = vi.fn();
    server.use(
      http.post('*/v1/image/generatePresignedUrlsForUpload', async ({ request }) => {
        const body = (await request.json()) as { files: { fileName: string; fileType: string }[] };
        return HttpResponse.json<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>({
          status: true,
          urls: body.files.map((f) => ({ presignedUrl: `http://files.test/put/${f.fileName}?sig=1`, s3Url: `http://files.test/public/${f.fileName}`, key: `public/${f.fileName}` })),
        });
      }),
      http.put('http://files.test/put/:name', ({ params, request }) => {
        puts.push(`${params.name} ${request.headers.get('content-type')}`);
        return new HttpResponse(null, { status: 200 });
      }),
    );
  });
  afterEach(() => vi.useRealTimers());

  const draft = () => carListing({ completedSteps: ALL.slice(0, 6), nextStep: 'photos' });
  const file = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });

  it('refuses small, large and other files by name, uploads the rest as JPEG, reorders, and saves the first as the main photo', async () => {
    const { sent, step } = open('photos', draft());
    await userEvent.click(await screen.findByRole('button', { name: 'Add Photos' }));
    await click('Save and continue');
    expect(screen.getByText('Please upload photos before submitting.')).toBeInTheDocument();
    const big = file('big.jpg', 'image/jpeg');
    Object.defineProperty(big, 'size', { value: 20_971_521 });
    await userEvent.upload(screen.getByTestId('photo-input'), [file('front.png', 'image/png'), file('small.jpg', 'image/jpeg'), big, file('IMG_7.HEIC', 'image/heic'), file('empty.png', 'image/png', 0)], { applyAccept: false });
    expect(await screen.findByText('Resolution error for small.jpg')).toBeInTheDocument();
    expect(screen.getByText('big.jpg exceeds the maximum size of 20MB.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('photo-item').map((li) => li.getAttribute('data-url'))).toEqual(['http://files.test/public/front.jpg', 'http://files.test/public/IMG_7.jpg']));
    expect(puts.sort()).toEqual(['IMG_7.jpg image/jpeg', 'front.jpg image/jpeg']);
    expect(screen.getByText('Main photo').closest('li')).toHaveAttribute('data-url', 'http://files.test/public/front.jpg');
    const right = screen.getByRole('button', { name: 'Move front.jpg right' });
    await userEvent.click(right);
    expect(screen.getAllByTestId('photo-item').map((li) => li.getAttribute('data-url'))).toEqual(['http://files.test/public/IMG_7.jpg', 'http://files.test/public/front.jpg']);
    // The moved photo's button keeps the focus (here "left": "right" is now disabled).
    expect(screen.getByRole('button', { name: 'Move front.jpg left' })).toHaveFocus();
    await click('Save and continue');
    await waitFor(() => expect(step()).toBe('finalize'));
    expect(sent.sections.at(-1)).toMatchObject({ sectionName: 'photos', primaryPhotoUrl: 'http://files.test/public/IMG_7.jpg', photoUrls: ['http://files.test/public/IMG_7.jpg', 'http://files.test/public/front.jpg'] });
  });

  it("says 'Error uploading images: {reason}' and drops a photo whose upload was refused", async () => {
    server.use(http.put('http://files.test/put/:name', () => HttpResponse.json({ error: 'upload_exists', message: 'This upload link was already used.' }, { status: 409 })));
    open('photos', draft());
    await userEvent.click(await screen.findByRole('button', { name: 'Add Photos' }));
    await userEvent.upload(screen.getByTestId('photo-input'), [file('front.png', 'image/png')]);
    expect(await screen.findByText('Error uploading images: This upload link was already used.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByTestId('photo-item')).toHaveLength(0));
  });

  it('clears the errors after 5 seconds; Back clears the photos and returns to the examples', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('photos', draft());
    await userEvent.click(await screen.findByRole('button', { name: 'Add Photos' }));
    await userEvent.upload(screen.getByTestId('photo-input'), [file('small.jpg', 'image/jpeg'), file('front.png', 'image/png')]);
    expect(await screen.findByText('Resolution error for small.jpg')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(5100);
    });
    expect(screen.queryByText('Resolution error for small.jpg')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(1));
    await click('Back');
    expect(await screen.findByRole('button', { name: 'Add Photos' })).toBeInTheDocument();
    await click('Add Photos');
    expect(screen.queryAllByTestId('photo-item')).toHaveLength(0);
  });
});

describe('review', () => {
  const draft = () =>
    carListing({
      completedSteps: ALL,
      nextStep: 'finalize',
      features: ['Bluetooth'],
      specialFeature: 'Hybrid',
      licensePlate: '7ABC123',
      state: 'CA',
      seats: 5,
      doors: 4,
      gasType: 'hybrid',
      carDetails: words(60),
      dailyPrice: 85,
      photoUrls: ['http://files.test/a.jpg', 'http://files.test/b.jpg'],
      primaryPhotoUrl: 'http://files.test/a.jpg',
    });

  it('shows what was saved, needs the terms box, submits the whole listing, thanks, and goes to pricing after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sent, router, client } = open('finalize', draft());
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(await screen.findByTestId('review-location')).toHaveTextContent('1 Main St, Fremont, CA 94536');
    expect(screen.getByTestId('review-vehicle')).toHaveTextContent('2021 Toyota RAV4 XLE');
    expect(screen.getByTestId('review-price')).toHaveTextContent('$85 / day');
    await click('Submit listing');
    expect(screen.getByText('Please agree to the terms of service.')).toBeInTheDocument();
    expect(sent.sections).toEqual([]);
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms of service/ }));
    await click('Submit listing');
    const thanks = await screen.findByRole('dialog', { name: 'Thank you for submitting your listing!' });
    expect(thanks).toHaveTextContent('Your car listing is under review and will be approved soon.');
    expect(sent.sections.at(-1)).toMatchObject({
      sectionName: 'finalize',
      carId: 'car-9',
      termsAccepted: true,
      vin: '2T3P1RFV6MC000753',
      address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', country: 'US' },
      location: { type: 'Point', coordinates: [-121.99, 37.55] },
      licensePlate: '7ABC123',
      carDescription: words(60),
      carDailyPrice: '85',
      primaryPhotoUrl: 'http://files.test/a.jpg',
      photoUrls: ['http://files.test/a.jpg', 'http://files.test/b.jpg'],
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.hostStatus('u1') });
    expect(router.state.location.pathname).toBe('/host/become-host');
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/car/car-9/edit-pricing'));
  });

  it("shows the server's message, else 'Failed to submit the car listing. Please try again.'", async () => {
    open('finalize', draft());
    await userEvent.click(await screen.findByRole('checkbox', { name: /I agree to the terms of service/ }));
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.json({ error: 'steps_incomplete', message: 'Please complete these steps first: Photos.' }, { status: 400 })));
    await click('Submit listing');
    expect(await screen.findByText('Please complete these steps first: Photos.')).toBeInTheDocument();
    server.use(http.post('*/v1/host/carListing/addCarListing', () => HttpResponse.error()));
    await click('Submit listing');
    expect(await screen.findByText('Failed to submit the car listing. Please try again.')).toBeInTheDocument();
  });
});
