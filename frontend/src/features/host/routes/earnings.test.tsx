import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/api/types';
import { setSession } from '@/lib/session';
import { hostTeam } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Status = Answer<'/v1/payment/stripe/hostStripeOnboardingStatus', 'get'>;
const account = { hasAccount: false, accountId: '', detailsSubmitted: false, payoutsEnabled: false, onboardingComplete: false, isOnboardingComplete: false, onboardingStatus: 'not_started', requirementsDue: [] };

describe('the earnings page', () => {
  it("shows the year's transactions and totals, asks another year, sets up the payout account and shows the co-hosts' shares", async () => {
    setSession('tok', { userId: 'host-2' });
    const years: string[] = [];
    const thisYear = new Date().getFullYear();
    server.use(
      http.get('*/v1/transaction/getTransactionHistory', ({ request }) => {
        const year = new URL(request.url).searchParams.get('year') ?? '';
        years.push(year);
        const data = year === String(thisYear) ? [{ transactionId: 't1', tripId: 'trip-1', type: 'earning', amount: 225.5, description: 'Trip R-1001', createdAt: `${thisYear}-03-04T10:00:00Z` }, { transactionId: 't2', tripId: '', type: 'payout', amount: -200, description: 'Payout', createdAt: `${thisYear}-04-01T10:00:00Z` }] : [];
        return HttpResponse.json<Answer<'/v1/transaction/getTransactionHistory', 'get'>>({
          status: true,
          data,
          totals: { paid: 0, refunded: 0, earned: data.length ? 225.5 : 0, paidOut: data.length ? 200 : 0, available: 25.5, pending: 60, upcoming: 142.13 },
          upcomingEarnings: [{ tripId: 'trip-7', reservationNumber: 'R-1007', carId: 'car-1', startTime: `${thisYear + 1}-01-10T18:00:00Z`, amount: 142.13 }],
        });
      }),
      http.get('*/v1/payment/stripe/hostStripeOnboardingStatus', () => HttpResponse.json<Status>({ status: true, data: account })),
      http.post('*/v1/payment/stripe/hostStripeAccountSetup', () =>
        HttpResponse.json<Answer<'/v1/payment/stripe/hostStripeAccountSetup', 'post'>>({ status: true, message: 'Onboarding link created', url: 'https://connect.test/onboard/acct_1', data: { ...account, hasAccount: true, accountId: 'acct_1', onboardingStatus: 'pending', url: 'https://connect.test/onboard/acct_1', expiresAt: 0 } }),
      ),
      http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json<Answer<'/v1/cohost/getAllTeamsForHost', 'get'>>({ status: true, data: [hostTeam({ role: 'host' }), hostTeam({ _id: 'team-9', teamName: 'Not mine', role: 'co-host' })] })),
    );
    renderRoutes(hostRoutes, '/host/earnings');
    const rows = await screen.findAllByTestId('tx-row');
    expect(document.title).toBe('Earnings | Upcar');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Earning');
    expect(rows[0]).toHaveTextContent('$225.50');
    expect(rows[1]).toHaveTextContent('−$200.00');
    expect(screen.getByTestId('totals')).toHaveTextContent('Earned$225.50');
    expect(screen.getByTestId('payout-status')).toHaveTextContent('Not set up');
    // Where the money stands, whatever the year: trips to come, earned not final, final.
    expect(screen.getByTestId('upcoming-total')).toHaveTextContent('$142.13');
    expect(screen.getByTestId('pending-total')).toHaveTextContent('$60.00');
    expect(screen.getByTestId('available-total')).toHaveTextContent('$25.50');
    expect(screen.getByTestId('balance')).toHaveTextContent('once a month when it is over $100.00');
    const next = screen.getByTestId('upcoming-row');
    expect(within(next).getByRole('link', { name: 'Trip R-1007' })).toHaveAttribute('href', '/bookings?tripId=trip-7');
    expect(next).toHaveTextContent('$142.13');

    const splits = await screen.findAllByTestId('team-split');
    expect(splits).toHaveLength(1);
    const split = within(splits[0]);
    expect(split.getByRole('heading', { name: 'Fremont crew' })).toBeInTheDocument();
    expect(split.getByRole('row', { name: 'You (host) 80%' })).toBeInTheDocument();
    expect(split.getByRole('row', { name: 'Casey C. 20%' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Set up payouts' }));
    expect(await screen.findByTestId('onboarding-link')).toHaveAttribute('href', 'https://connect.test/onboard/acct_1');

    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(thisYear - 1) } });
    expect(await screen.findByTestId('tx-empty')).toHaveTextContent(`No transactions in ${thisYear - 1}.`);
    await waitFor(() => expect(years).toEqual([String(thisYear), String(thisYear - 1)]));
  }, 20_000);

  it("completes the local provider's onboarding through the development route, then shows the account ready", async () => {
    setSession('tok', { userId: 'host-1' });
    let current = account;
    const devCalls: string[] = [];
    const devUrl = 'http://127.0.0.1:8080/v1/dev/payment/stripe/completeOnboarding/acct_local_1';
    server.use(
      http.get('*/v1/transaction/getTransactionHistory', () => HttpResponse.json<Answer<'/v1/transaction/getTransactionHistory', 'get'>>({ status: true, data: [], totals: { paid: 0, refunded: 0, earned: 0, paidOut: 0, available: 0, pending: 0, upcoming: 0 }, upcomingEarnings: [] })),
      http.get('*/v1/cohost/getAllTeamsForHost', () => HttpResponse.json<Answer<'/v1/cohost/getAllTeamsForHost', 'get'>>({ status: true, data: [] })),
      http.get('*/v1/payment/stripe/hostStripeOnboardingStatus', () => HttpResponse.json<Status>({ status: true, data: current })),
      http.post('*/v1/payment/stripe/hostStripeAccountSetup', () => {
        current = { ...account, hasAccount: true, accountId: 'acct_local_1', onboardingStatus: 'pending' };
        return HttpResponse.json<Answer<'/v1/payment/stripe/hostStripeAccountSetup', 'post'>>({ status: true, message: 'Open the link', url: devUrl, data: { ...current, url: devUrl, expiresAt: 0 } });
      }),
      http.get('*/v1/dev/payment/stripe/completeOnboarding/:id', ({ params }) => {
        devCalls.push(String(params.id));
        current = { ...current, detailsSubmitted: true, payoutsEnabled: true, onboardingComplete: true, isOnboardingComplete: true, onboardingStatus: 'complete' };
        return HttpResponse.json<Answer<'/v1/dev/payment/stripe/completeOnboarding/{accountId}', 'get'>>({ status: true, message: 'Onboarding completed', data: current });
      }),
    );
    renderRoutes(hostRoutes, '/host/earnings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(screen.getByTestId('payout-status')).toHaveTextContent('Set-up not finished'));
    await user.click(screen.getByRole('button', { name: 'Complete onboarding (development)' }));
    await waitFor(() => expect(screen.getByTestId('payout-status')).toHaveTextContent('Ready for payouts'));
    expect(devCalls).toEqual(['acct_local_1']);
    expect(screen.queryByRole('button', { name: /Set up payouts|Continue payout set-up/ })).not.toBeInTheDocument();
  }, 20_000);
});
