import { useId, useState, type FormEvent } from 'react';
import { TRIP_WINDOW } from '@/api/policy';
import { useToast } from '@/components/toast';
import { addDays, formatDisplayDate, parseYmd, toYmd } from '@/lib/dates';
import { money } from '@/lib/format';
import type { CarListing } from '@/api/get-car-listing';
import { useUpdateDatePrices } from '../api/update-car';
import { dailyPriceError, digitsOnly } from '../lib/price';
import { saveError } from '../lib/save-error';

type DatePrice = CarListing['datePrices'][number];

/** Consecutive dates at one price, as the host set them: one row each. */
export type PriceRun = { from: string; until: string; dailyPrice: number; dates: string[] };

/** The car's date prices (sorted by date) as runs of consecutive dates at one price. */
export function priceRuns(prices: DatePrice[]): PriceRun[] {
  const runs: PriceRun[] = [];
  for (const p of prices) {
    const last = runs.at(-1);
    const next = last && parseYmd(last.until);
    if (last && next && toYmd(addDays(next, 1)) === p.date && last.dailyPrice === p.dailyPrice) {
      last.until = p.date;
      last.dates.push(p.date);
    } else {
      runs.push({ from: p.date, until: p.date, dailyPrice: p.dailyPrice, dates: [p.date] });
    }
  }
  return runs;
}

/** Every date from `from` to `until`, both included; null when the range is not one. */
export function datesOf(from: string, until: string): string[] | null {
  const a = parseYmd(from);
  const b = parseYmd(until || from);
  if (!a || !b || b < a) return null;
  const out: string[] = [];
  for (let d = a; d <= b && out.length <= TRIP_WINDOW.bookingHorizonDays + 1; d = addDays(d, 1)) out.push(toYmd(d));
  return out;
}

const runText = (r: PriceRun) => (r.from === r.until ? formatDisplayDate(r.from) : `${formatDisplayDate(r.from)} – ${formatDisplayDate(r.until)}`);

/**
 * Prices for chosen dates (holidays, events, weekends): a trip day starting on one of them costs
 * its price instead of the daily price; discounts still apply on top. The server checks every
 * rule (from today to a year ahead, the daily price's bounds); these checks spare a round trip.
 */
export function DatePricesForm({ car, readOnly }: { car: CarListing; readOnly: boolean }) {
  const id = useId();
  const toast = useToast();
  const save = useUpdateDatePrices(car._id);
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = toYmd(new Date());
  const runs = priceRuns(car.datePrices ?? []);

  const send = (prices: { date: string; dailyPrice: string | null }[], done: string, after?: () => void) =>
    save.mutate(prices, {
      onSuccess: (a) => {
        toast.show(a.message || done, 'success');
        after?.();
      },
      onError: (e) => setError(saveError(e, 'Failed to update the date prices')),
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!from) return setError('Choose the first day.');
    const dates = datesOf(from, until);
    if (!dates) return setError('The last day comes after the first.');
    if (from < today) return setError('Prices can be set from today on.');
    if (dates.length > TRIP_WINDOW.bookingHorizonDays + 1) return setError(`At most ${TRIP_WINDOW.bookingHorizonDays + 1} days at a time.`);
    const err = dailyPriceError(price);
    if (err) return setError(err);
    send(
      dates.map((date) => ({ date, dailyPrice: price })),
      'Date prices saved',
      () => {
        setFrom('');
        setUntil('');
        setPrice('');
      },
    );
  };

  return (
    <form className="form panel" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Prices for chosen dates</h2>
      <p className="muted">
        A day of a trip that starts on one of these dates costs its price instead of {car.dailyPrice != null ? `${money(car.dailyPrice)}/day` : 'the daily price'}. Weekly and monthly discounts still apply.
      </p>
      {runs.length === 0 ? (
        <p className="empty" data-testid="date-prices-empty">
          No dates have their own price.
        </p>
      ) : (
        <ul className="host-blocks" aria-label="Dates with their own price">
          {runs.map((r) => (
            <li key={r.from} className="host-block" data-testid="date-price">
              <div>
                <strong>{runText(r)}</strong>
                <p className="muted">{money(r.dailyPrice)}/day</p>
              </div>
              {!readOnly && (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={`Remove the price of ${runText(r)}`}
                  disabled={save.isPending}
                  onClick={() => {
                    setError(null);
                    send(
                      r.dates.map((date) => ({ date, dailyPrice: null })),
                      'Date prices removed',
                    );
                  }}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <>
          <div className="form__row">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-from`}>
                First day
              </label>
              <input id={`${id}-from`} type="date" className="input" min={today} value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-until`}>
                Last day (optional)
              </label>
              <input id={`${id}-until`} type="date" className="input" min={from || today} value={until} onChange={(e) => setUntil(e.target.value)} />
            </div>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-price`}>
              Price per day on these dates (USD)
            </label>
            <div className="input-group">
              <span className="input-group__addon" aria-hidden="true">
                $
              </span>
              <input id={`${id}-price`} className="input" inputMode="numeric" value={price} onChange={(e) => setPrice(digitsOnly(e.target.value))} />
            </div>
          </div>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Set the price for these dates'}
          </button>
        </>
      )}
    </form>
  );
}
