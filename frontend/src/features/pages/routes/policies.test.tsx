import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body, ProtectionPlan } from '@/api/types';
import { user } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { pagesRoutes } from './pages-routes';

const PLANS: ProtectionPlan[] = [
  { name: 'Standard', label: 'Standard', coverage: ['You pay at most a $500 deductible', 'Roadside assistance'], percentOfTripPrice: 20, deductible: 500, isDefault: true },
  { name: 'Decline', label: 'High Risk', coverage: ['No physical damage protection'], percentOfTripPrice: 0, deductible: null, isDefault: false },
];

describe('/terms/cancellation', () => {
  it('states the guest tiers and the host thresholds as the policy constants say', async () => {
    renderRoutes(pagesRoutes, '/terms/cancellation');
    const table = await screen.findByTestId('guest-tiers');
    await waitFor(() => expect(document.title).toBe('Cancellation policy | Upcar'));
    const rows = within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Within 1 hour of booking', 'Full refund', 'Nothing'],
      ['More than 24 hours before the start', 'Full refund', 'Nothing'],
      ['24 hours or less before the start', '50% refund', '24% of the trip'],
      ['After the start, or a no-show', 'No refund', '100% of the trip'],
    ]);
    const host = screen.getByRole('region', { name: 'When a host cancels' });
    expect(host).toHaveTextContent('The guest is refunded in full');
    expect(host).toHaveTextContent('above 2% the host is in the penalty band; the threshold is 4%');
  });
});

describe('/terms/owner/protectionplans', () => {
  it('shows each plan the server serves: name, price, deductible and coverage', async () => {
    server.use(http.get('*/v1/trips/protectionPlans', () => HttpResponse.json<Answer<'/v1/trips/protectionPlans', 'get'>>({ status: true, data: PLANS })));
    renderRoutes(pagesRoutes, '/terms/owner/protectionplans');
    const cards = await screen.findAllByTestId('plan');
    expect(cards).toHaveLength(2);
    const [standard, decline] = cards.map((c) => within(c));
    expect(standard.getByRole('heading', { level: 3 })).toHaveTextContent('StandardDefault');
    expect(standard.getByTestId('plan-price')).toHaveTextContent('20% of the trip price');
    expect(standard.getByText('$500 at most')).toBeInTheDocument();
    expect(standard.getByText('Roadside assistance')).toBeInTheDocument();
    expect(decline.getByRole('heading', { level: 3 })).toHaveTextContent('High Risk (Decline)');
    expect(decline.getByTestId('plan-price')).toHaveTextContent('No charge');
    expect(decline.getByText('None: no damage protection')).toBeInTheDocument();
  });

  it("says 'Failed to fetch protection plans' and tries again on request", async () => {
    server.use(http.get('*/v1/trips/protectionPlans', () => HttpResponse.json({ error: 'unavailable', message: 'down' }, { status: 503 })));
    renderRoutes(pagesRoutes, '/terms/owner/protectionplans');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch protection plans');
    server.use(http.get('*/v1/trips/protectionPlans', () => HttpResponse.json<Answer<'/v1/trips/protectionPlans', 'get'>>({ status: true, data: PLANS })));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('plan')).toHaveLength(2);
  });
});

describe('/aboutus', () => {
  it('links to search, listing a car and help', async () => {
    renderRoutes(pagesRoutes, '/aboutus');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Upcar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a car' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'List your car' })).toHaveAttribute('href', '/host/become-host');
    expect(screen.getByRole('link', { name: 'Help and contact' })).toHaveAttribute('href', '/help');
  });
});

describe('/giveaway', () => {
  it("checks the email, shows the server's refusal, then enrols with the server's message", async () => {
    const sent: string[] = [];
    let refuse = true;
    server.use(
      http.post('*/v1/coupons/potential-user', async ({ request }) => {
        sent.push(String(((await request.json()) as Body<'/v1/coupons/potential-user', 'post'>).email));
        if (refuse) return HttpResponse.json({ error: 'email_invalid', message: 'This address cannot receive mail.' }, { status: 400 });
        return HttpResponse.json<Answer<'/v1/coupons/potential-user', 'post'>>({ status: true, message: 'Thanks! Your offer is on its way.' });
      }),
    );
    renderRoutes(pagesRoutes, '/giveaway');
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enroll' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), ' Pat@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address cannot receive mail.');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Enroll' }));
    expect(await screen.findByTestId('enroll-success')).toHaveTextContent('Thanks! Your offer is on its way.');
    expect(sent).toEqual(['pat@example.com', 'pat@example.com']);
  });

  it("prefills a signed-in member's email and shows the spec's text when the call fails", async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('user', JSON.stringify(user({ email: 'dana@example.com' })));
    server.use(http.post('*/v1/coupons/potential-user', () => HttpResponse.error()));
    renderRoutes(pagesRoutes, '/giveaway');
    expect(await screen.findByLabelText('Email')).toHaveValue('dana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
  });
});
