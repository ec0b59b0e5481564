import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useHostTeams } from '@/api/get-host-teams';
import { TRIPS } from '@/api/policy';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/format';
import { useTransactions, type TransactionHistory } from '../api/get-transactions';
import { useCompleteOnboardingDev, usePayoutAccount, useSetUpPayoutAccount } from '../api/payout-account';

const TYPES: Record<string, string> = { charge: 'Charge', refund: 'Refund', payout: 'Payout', earning: 'Earning' };
const ONBOARDING: Record<string, string> = { not_started: 'Not set up', pending: 'Set-up not finished', complete: 'Ready for payouts' };
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DATE.format(d);
};

/** The years offered: this one and the four before it. */
export function yearOptions(now = new Date()): number[] {
  return Array.from({ length: 5 }, (_, i) => now.getFullYear() - i);
}

/** The local payment provider's onboarding link is the gateway's development route (API.md, local onboarding). */
const DEV_ONBOARDING = /\/v1\/dev\/payment\/stripe\/completeOnboarding\/([^/?#]+)/;

export function devOnboardingAccount(url: string): string | null {
  const m = DEV_ONBOARDING.exec(url);
  return m ? decodeURIComponent(m[1]) : null;
}

function PayoutAccount() {
  const toast = useToast();
  const account = usePayoutAccount();
  const setup = useSetUpPayoutAccount();
  const complete = useCompleteOnboardingDev();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const a = account.data?.data;
  const devAccount = link ? devOnboardingAccount(link) : null;
  const start = () => {
    setError(null);
    setup.mutate(Boolean(a?.hasAccount), {
      onSuccess: (r) => setLink(r.url || r.data.url),
      onError: (e) => setError(errorMessage(e, 'Failed to set up Stripe account')),
    });
  };
  // In development the provider's form is played by the gateway's route: it is called here
  // rather than opened, so the host stays on the page and sees the new status.
  const finishDev = () => {
    if (!devAccount) return;
    setError(null);
    complete.mutate(devAccount, {
      onSuccess: (r) => {
        setLink(null);
        toast.show(r.message || 'Payout account ready', 'success');
      },
      onError: (e) => setError(errorMessage(e, 'Failed to get onboarding status')),
    });
  };
  return (
    <section className="panel host-section" aria-labelledby="payout-h">
      <h2 id="payout-h">Payout account</h2>
      {account.isPending ? (
        <Skeleton className="skeleton--line" />
      ) : account.isError ? (
        <p role="alert">{errorMessage(account.error, 'Failed to get onboarding status')}</p>
      ) : (
        <>
          <p>
            Status: <strong data-testid="payout-status">{ONBOARDING[a!.onboardingStatus] ?? a!.onboardingStatus}</strong>
            {a!.payoutsEnabled && <span className="muted"> · payouts enabled</span>}
          </p>
          {a!.requirementsDue.length > 0 && <p className="muted">Still needed: {a!.requirementsDue.join(', ')}</p>}
          {!a!.onboardingComplete && !link && (
            <button type="button" className="btn btn--primary" onClick={start} disabled={setup.isPending}>
              {setup.isPending ? 'Preparing…' : a!.hasAccount ? 'Continue payout set-up' : 'Set up payouts'}
            </button>
          )}
          {link &&
            (devAccount ? (
              <button type="button" className="btn btn--primary" onClick={finishDev} disabled={complete.isPending} data-testid="onboarding-dev">
                {complete.isPending ? 'Completing…' : 'Complete onboarding (development)'}
              </button>
            ) : (
              <a href={link} className="btn btn--primary" data-testid="onboarding-link">
                Open the payout set-up form
              </a>
            ))}
        </>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function CoHostSplits() {
  const teams = useHostTeams();
  const hosted = (teams.data?.data ?? []).filter((t) => t.role === 'host');
  if (teams.isPending) return null;
  if (teams.isError) return <p role="alert">{errorMessage(teams.error, 'Failed to fetch teams')}</p>;
  if (hosted.length === 0) return null;
  return (
    <section className="panel host-section" aria-labelledby="splits-h">
      <h2 id="splits-h">Co-host earnings shares</h2>
      {hosted.map((t) => {
        const live = t.coHosts.filter((c) => c.status === 'accepted' || c.status === 'pending');
        return (
          <div key={t._id} className="host-split" data-testid="team-split">
            <h3>{t.teamName}</h3>
            <table className="host-table">
              <caption className="sr-only">Earnings shares of {t.teamName}</caption>
              <thead>
                <tr>
                  <th scope="col">Who</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>You (host)</td>
                  <td>{t.hostEarningsSharePercent}%</td>
                </tr>
                {live.map((c) => (
                  <tr key={c._id}>
                    <td>
                      {[c.firstName, c.lastName].filter(Boolean).join(' ') || c.email}
                      {c.status === 'pending' && <span className="muted"> (invited)</span>}
                    </td>
                    <td>{c.earningsSharePercent}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}

/**
 * Where the host's money stands now: what trips to come will earn (at check-in), what is
 * earned and not final yet, and what is final and waits for the month's payout.
 */
function Balance({ tx }: { tx: TransactionHistory }) {
  const t = tx.totals;
  const next = tx.upcomingEarnings;
  return (
    <section className="panel host-section" aria-labelledby="balance-h" data-testid="balance">
      <h2 id="balance-h">Your earnings now</h2>
      <dl className="host-totals">
        <div>
          <dt>Upcoming</dt>
          <dd data-testid="upcoming-total">{money(t.upcoming)}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd data-testid="pending-total">{money(t.pending)}</dd>
        </div>
        <div>
          <dt>Available for payout</dt>
          <dd data-testid="available-total">{money(t.available)}</dd>
        </div>
      </dl>
      <p className="muted">
        Upcoming: your share of confirmed trips, earned when the guest checks in. Pending: earned, final {TRIPS.earningsFinalAfterHours} hours after the trip ends. Available: paid to your
        payout account once a month when it is over {money(TRIPS.payoutMinimum)}.
      </p>
      {next.length > 0 && (
        <ul className="host-upcoming" aria-label="Upcoming earnings">
          {next.map((u) => (
            <li key={u.tripId} data-testid="upcoming-row">
              <Link to={`/bookings?tripId=${encodeURIComponent(u.tripId)}`}>Trip {u.reservationNumber}</Link>
              <span className="muted"> · starts {day(u.startTime)}</span>
              <strong className="num">{money(u.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /host/earnings: where the money stands, the year's transactions and totals, the payout account, and the co-hosts' shares. */
export default function EarningsRoute() {
  const id = useId();
  const years = yearOptions();
  const [year, setYear] = useState(years[0]);
  const tx = useTransactions(year);
  useEffect(() => {
    document.title = 'Earnings | Upcar';
  }, []);
  return (
    <main id="main" className="page host-page">
      <h1>Earnings</h1>
      {tx.data && <Balance tx={tx.data} />}
      <PayoutAccount />
      <section className="panel host-section" aria-labelledby="tx-h">
        <div className="host-section__head">
          <h2 id="tx-h">Transaction history</h2>
          <div className="field field--inline">
            <label className="field__label" htmlFor={`${id}-year`}>
              Year
            </label>
            <select id={`${id}-year`} className="input input--sm" value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
          </div>
        </div>
        {tx.isPending ? (
          <Skeleton className="skeleton--block" />
        ) : tx.isError ? (
          <p role="alert">{errorMessage(tx.error, 'Your transactions could not be loaded.')}</p>
        ) : (
          <>
            <dl className="host-totals" data-testid="totals">
              <div>
                <dt>Earned</dt>
                <dd>{money(tx.data.totals.earned)}</dd>
              </div>
              <div>
                <dt>Paid out</dt>
                <dd>{money(tx.data.totals.paidOut)}</dd>
              </div>
              <div>
                <dt>Paid</dt>
                <dd>{money(tx.data.totals.paid)}</dd>
              </div>
              <div>
                <dt>Refunded</dt>
                <dd>{money(tx.data.totals.refunded)}</dd>
              </div>
            </dl>
            {tx.data.data.length === 0 ? (
              <p className="muted" data-testid="tx-empty">
                No transactions in {year}.
              </p>
            ) : (
              <div className="table-wrap" tabIndex={0} role="region" aria-label="Transactions">
                <table className="host-table">
                  <caption className="sr-only">Transactions in {year}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Type</th>
                      <th scope="col">Description</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {tx.data.data.map((t) => (
                      <tr key={t.transactionId} data-testid="tx-row">
                        <td>{day(t.createdAt)}</td>
                        <td>{TYPES[t.type] ?? t.type}</td>
                        <td>{t.description}</td>
                        <td className="num">{t.amount < 0 ? `−${money(-t.amount)}` : money(t.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
      <CoHostSplits />
    </main>
  );
}
