import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { carListing, listingServer } from '../testing/listing-server';
import BecomeHostRoute from './become-host';
import IncentivesRoute from './incentives';

vi.mock('@/components/map/lazy-map', () => import('@/test/map-mock'));
// Each save is a round trip through the mock server and a read of the draft: on a busy machine
// that takes longer than the default 1 s of findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

const routes: RouteObject[] = [
  { path: '/host/become-host', element: <BecomeHostRoute /> },
  { path: '/host/incentives', element: <IncentivesRoute /> },
  { path: '/login-static', element: <p>Login page</p> },
];

const signIn = () => setSession('host-token', { userId: 'u1', firstName: 'Lee' });
const search = (router: ReturnType<typeof renderRoutes>['router']) => new URLSearchParams(router.state.location.search);

describe('the host landing', () => {
  it('keeps the slider at 2 or more and shows (value - 1) x $1,050 over (value - 1) months', async () => {
    renderRoutes(routes, '/host/become-host');
    const slider = await screen.findByLabelText('Months of hosting');
    const headline = screen.getByTestId('earnings-headline');
    const set = (v: string) => fireEvent.change(slider, { target: { value: v } });
    set('1');
    await waitFor(() => expect(slider).toHaveValue('2'));
    expect(headline).toHaveTextContent('Earn up to $1,050 in 1 month');
    set('5');
    await waitFor(() => expect(headline).toHaveTextContent('Earn up to $4,200 in 4 months'));
    expect(document.title).toBe('Become a host | Upcar');
    expect(screen.getByRole('link', { name: 'View Incentives Program' })).toHaveAttribute('href', '/host/incentives');
    for (const claim of ['Guaranteed income', 'Reduced platform fees', 'Verified renters only', 'Insurance up to $1 million', 'Delivery by our own team']) expect(screen.getByRole('heading', { name: claim })).toBeInTheDocument();
  });

  it('sends a visitor who is not logged in to the login page', async () => {
    const { router } = renderRoutes(routes, '/host/become-host');
    await userEvent.click(await screen.findByRole('button', { name: 'List your car' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-static');
    expect(search(router).get('nextPage')).toBe('/host/become-host');
  });

  it('also sends a visitor who opens a wizard step to the login page', async () => {
    const { router } = renderRoutes(routes, '/host/become-host?step=features');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(search(router).get('nextPage')).toBe('/host/become-host');
  });
});

describe('starting a listing', () => {
  it('with no draft starts at the location, with the stepper and the step in the URL', async () => {
    signIn();
    const { sent } = listingServer({ draft: null });
    const { router } = renderRoutes(routes, '/host/become-host');
    await userEvent.click(await screen.findByRole('button', { name: 'List your car' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'List Your Car' })).toBeInTheDocument();
    expect(search(router).get('step')).toBe('location');
    const steps = within(screen.getByTestId('stepper')).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('.stepper__label')?.textContent)).toEqual(['Location', 'VIN', 'Availability', 'Features', 'Description', 'Price', 'Photos', 'Review']);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
    expect(sent.checks).toBe(1);
    expect(await screen.findByRole('combobox', { name: "Car's address" })).toBeInTheDocument();
    expect(document.title).toBe('List your car: Location | Upcar');
  });

  it("with a draft shows 'Existing Car Listing' with the server's message; Continue Listing resumes at nextStep, prefilled", async () => {
    signIn();
    const { sent } = listingServer({ draft: carListing({ licensePlate: '7ABC123' }), message: 'You have an unfinished listing for a 2021 Toyota RAV4.' });
    const { router } = renderRoutes(routes, '/host/become-host');
    await userEvent.click(await screen.findByRole('button', { name: 'List your car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Existing Car Listing' });
    expect(within(dialog).getByText('You have an unfinished listing for a 2021 Toyota RAV4.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Listing' }));
    await waitFor(() => expect(search(router).get('step')).toBe('features'));
    expect(await screen.findByLabelText('License plate number')).toHaveValue('7ABC123');
    expect(sent.reads).toContain('car-9');
    expect(sent.deleted).toEqual([]);
    expect(screen.getByTestId('stepper').querySelector('[aria-current="step"]')).toHaveAttribute('data-step', 'features');
  });

  it('Start New Listing deletes the draft and starts at the location', async () => {
    signIn();
    const { sent } = listingServer({ draft: carListing() });
    const { router } = renderRoutes(routes, '/host/incentives');
    expect(await screen.findByRole('heading', { name: 'Fast Lane Program' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'List your car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Existing Car Listing' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start New Listing' }));
    await waitFor(() => expect(search(router).get('step')).toBe('location'));
    expect(router.state.location.pathname).toBe('/host/become-host');
    expect(sent.deleted).toEqual(['car-9']);
    expect(await screen.findByRole('combobox', { name: "Car's address" })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Existing Car Listing' })).not.toBeInTheDocument();
  });

  it('a reload mid-wizard finds the draft again, and a step past its nextStep opens nextStep', async () => {
    signIn();
    listingServer({ draft: carListing() });
    const { router } = renderRoutes(routes, '/host/become-host?step=finalize');
    await waitFor(() => expect(search(router).get('step')).toBe('features'));
    expect(await screen.findByLabelText('License plate number')).toBeInTheDocument();
  });
});

describe('moving through the wizard', () => {
  it('Next moves on only after the save answers status true, and the URL follows; Back goes one step back', async () => {
    signIn();
    const { sent } = listingServer({ draft: carListing({ nextStep: 'features' }) });
    const { router } = renderRoutes(routes, '/host/become-host?step=availability');
    expect(await screen.findByLabelText('Advance notice')).toHaveValue('3');
    expect(screen.getByLabelText('Minimum trip duration')).toHaveValue('1');
    expect(screen.getByLabelText('Maximum trip duration')).toHaveValue('1000');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(search(router).get('step')).toBe('features'));
    expect(sent.sections.at(-1)).toMatchObject({ sectionName: 'availability', carId: 'car-9', userId: 'u1', advanceNotice: 3, minTripDuration: 1, maxTripDuration: 1000, twoDayTripForWeekend: false });
    await screen.findByLabelText('License plate number');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(router).get('step')).toBe('availability'));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(router).get('step')).toBe('vinDetails'));
    // Back from the VIN goes to the location.
    await screen.findByTestId('vin-details');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(router).get('step')).toBe('location'));
  });

  it("stays on the step and shows the server's message when the save is refused", async () => {
    signIn();
    listingServer({ draft: carListing(), refuse: { availability: { status: 400, error: 'max_trip_below_min', message: 'The maximum trip duration must be at least the minimum trip duration.' } } });
    const { router } = renderRoutes(routes, '/host/become-host?step=availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The maximum trip duration must be at least the minimum trip duration.')).toBeInTheDocument();
    expect(search(router).get('step')).toBe('availability');
  });

  it("a save answering status false without a message shows the step's own text", async () => {
    signIn();
    listingServer({ draft: carListing(), refuse: { availability: 'status-false' } });
    const { router } = renderRoutes(routes, '/host/become-host?step=availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Failed to submit car availability')).toBeInTheDocument();
    expect(search(router).get('step')).toBe('availability');
  });
});
