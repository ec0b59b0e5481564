import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { queryKeys } from '@/api/query-keys';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDisplayDate, toYmd } from '@/lib/dates';
import { money, moneyShort } from '@/lib/format';
import { usePastTrips } from '@/api/get-host-past-trips';
import { useUpcomingBookings } from '@/api/get-host-upcoming-bookings';
import { updateCustomAvailability, useCustomAvailability, useUpdateCustomAvailability, type Block } from '../api/custom-availability';
import type { CarListing } from '@/api/get-car-listing';
import { monthGrid, ownBlock, span, unblockDay, type Day } from '../lib/month';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const STATUS: Record<string, string> = {
  requested: 'Request',
  confirmed: 'Booked',
  modification_pending: 'Change asked',
  in_progress: 'On a trip',
  completed: 'Completed',
};
/** How far the month view reaches: a year back (past trips) and a year ahead (the block horizon). */
const MONTHS_EACH_WAY = 12;

const longDay = (ymd: string) => new Date(`${ymd}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const range = (a: string, b: string) => (a === b ? formatDisplayDate(a) : `${formatDisplayDate(a)} – ${formatDisplayDate(b)}`);

/** What a day's button says beyond what it shows: the whole date, its price when marked, and what holds it. */
function dayDetails(d: Day): string {
  const parts = [longDay(d.date)];
  if (d.customPrice) parts.push(`${money(d.price)}, the price for this date`);
  if (d.trips.length) parts.push(d.trips.map((t) => `${STATUS[t.status] ?? t.status}: ${t.renterName || 'guest'}`).join(', '));
  else if (d.blocks.length) parts.push('blocked');
  else if (!d.past) parts.push('available');
  return parts.join(', ');
}

function DayCell({ d, selected, onPick }: { d: Day; selected: boolean; onPick: () => void }) {
  const state = d.trips.length ? 'booked' : d.blocks.length ? 'blocked' : 'free';
  const inert = d.past && state !== 'booked';
  return (
    <button
      type="button"
      className={`month__day month__day--${state}${d.past ? ' is-past' : ''}${selected ? ' is-selected' : ''}`}
      data-date={d.date}
      data-state={state}
      aria-pressed={selected}
      disabled={inert}
      onClick={onPick}
    >
      <span className="month__num">{Number(d.date.slice(8))}</span>
      {state === 'booked' ? (
        <span className="month__tag">{STATUS[d.trips[0].status] ?? 'Booked'}</span>
      ) : state === 'blocked' ? (
        <span className="month__tag">Blocked</span>
      ) : (
        <span className={`month__price${d.customPrice ? ' is-custom' : ''}`}>{moneyShort(d.price)}</span>
      )}
      <span className="sr-only">, {dayDetails(d)}</span>
    </button>
  );
}

/**
 * The car's month: each day with its price (prices per date marked), its trips (linking to
 * them) and its blocks. The host picks free days to block them (a first and a last day) and
 * frees a blocked day again; the availability rules stay the server's (a block never covers a
 * trip, nothing in the past, at most a year ahead).
 */
export function MonthCalendar({ car, readOnly, now = new Date() }: { car: CarListing; readOnly: boolean; now?: Date }) {
  const id = useId();
  const toast = useToast();
  const qc = useQueryClient();
  const today = toYmd(now);
  const [view, setView] = useState({ year: now.getFullYear(), month: now.getMonth() });
  const [picked, setPicked] = useState<{ from: string; until: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upcoming = useUpcomingBookings();
  const past = usePastTrips();
  const blocks = useCustomAvailability();
  const change = useUpdateCustomAvailability();

  const offset = (view.year - now.getFullYear()) * 12 + view.month - now.getMonth();
  const move = (by: number) => {
    setView((v) => {
      const d = new Date(v.year, v.month + by, 1);
      return { year: d.getFullYear(), month: d.getMonth() };
    });
    setOpen(null);
  };
  const grid = useMemo(
    () =>
      monthGrid(view.year, view.month, {
        carId: car._id,
        dailyPrice: car.dailyPrice ?? 0,
        datePrices: car.datePrices ?? [],
        trips: [...(upcoming.data ?? []), ...(past.data ?? [])],
        blocks: blocks.data?.data ?? [],
        today,
      }),
    [view, car, upcoming.data, past.data, blocks.data, today],
  );
  const days = grid.filter((d): d is Day => d !== null);
  const openDay = days.find((d) => d.date === open) ?? null;
  const selected = picked ? new Set(span(picked.from, picked.until)) : new Set<string>();
  const title = new Date(view.year, view.month, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

  const pick = (d: Day) => {
    setError(null);
    if (d.trips.length || d.blocks.length || readOnly) {
      setPicked(null);
      setOpen(d.date);
      return;
    }
    setOpen(null);
    // A first click starts a selection, a second ends it (either order); a third starts again.
    setPicked((p) => (p && p.from === p.until ? { from: p.from, until: d.date } : { from: d.date, until: d.date }));
  };

  const block = () => {
    if (!picked) return;
    const [from, until] = picked.from <= picked.until ? [picked.from, picked.until] : [picked.until, picked.from];
    setError(null);
    change.mutate(
      { action: 'add', blocks: [{ carId: car._id, startDate: from, endDate: until, reason: reason.trim() }] },
      {
        onSuccess: (a) => {
          if (!a.status) return setError(a.message || 'Failed to update availability');
          toast.show(a.message || 'Days blocked', 'success');
          setPicked(null);
          setReason('');
        },
        onError: (e) => setError(errorMessage(e, 'Failed to update availability')),
      },
    );
  };

  // Freeing one day of a longer block can take two calls (the block cut in two); the list is
  // read again after, so the calendar shows what the server kept.
  const unblock = async (b: Block, date: string | null) => {
    setError(null);
    setBusy(true);
    try {
      const steps = date ? unblockDay(b, car._id, date) : [{ action: 'delete' as const, blocks: [{ _id: b._id, carId: car._id }] }];
      for (const s of steps) {
        const a = await updateCustomAvailability(s.action, s.blocks);
        if (!a.status) throw new Error(a.message || 'Failed to update availability');
      }
      toast.show(date ? `${formatDisplayDate(date)} is available again` : 'Block removed', 'success');
      setOpen(null);
    } catch (e) {
      setError(errorMessage(e, 'Failed to update availability'));
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: queryKeys.hostCars.blocks });
    }
  };

  const loading = upcoming.isPending || past.isPending || blocks.isPending;
  const failed = upcoming.error ?? past.error ?? blocks.error;
  return (
    <section className="form panel month" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Month by month</h2>
      <p className="muted">Trips, blocked days and each day's price. {readOnly ? '' : 'Pick a first and a last free day to block them; pick a blocked day to free it.'}</p>
      <div className="month__nav">
        <button type="button" className="icon-btn" aria-label="Previous month" disabled={offset <= -MONTHS_EACH_WAY} onClick={() => move(-1)}>
          ‹
        </button>
        <h3 className="month__title" aria-live="polite">
          {title}
        </h3>
        <button type="button" className="icon-btn" aria-label="Next month" disabled={offset >= MONTHS_EACH_WAY} onClick={() => move(1)}>
          ›
        </button>
      </div>
      {failed ? (
        <p role="alert">{errorMessage(failed, 'The calendar could not be loaded.')}</p>
      ) : loading ? (
        <Skeleton className="skeleton--block" />
      ) : (
        <div className="month__grid" role="group" aria-label={title} data-testid="month-grid">
          {WEEKDAYS.map((w) => (
            <span key={w} className="month__wd" aria-hidden="true">
              {w}
            </span>
          ))}
          {grid.map((d, i) => (d ? <DayCell key={d.date} d={d} selected={selected.has(d.date) || open === d.date} onPick={() => pick(d)} /> : <span key={`e${i}`} />))}
        </div>
      )}
      <ul className="month__legend" aria-label="Legend">
        <li><span className="month__key month__key--booked" /> Trip</li>
        <li><span className="month__key month__key--blocked" /> Blocked</li>
        <li><span className="month__key month__key--custom" /> Price for the date</li>
      </ul>

      {picked && !readOnly && (
        <div className="month__panel" data-testid="month-block">
          <p>
            <strong>{range(...((picked.from <= picked.until ? [picked.from, picked.until] : [picked.until, picked.from]) as [string, string]))}</strong>
            {picked.from === picked.until && <span className="muted"> · pick another day to block a longer period</span>}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              Note (only you see it)
            </label>
            <input id={`${id}-reason`} className="input" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="host-actions">
            <button type="button" className="btn btn--primary" onClick={block} disabled={change.isPending}>
              {change.isPending ? 'Blocking…' : picked.from === picked.until ? 'Block this day' : 'Block these days'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setPicked(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {openDay && (
        <div className="month__panel" data-testid="month-day">
          <h3>{longDay(openDay.date)}</h3>
          {openDay.trips.map((t) => (
            <p key={t.tripId}>
              {STATUS[t.status] ?? t.status}: {t.renterName || 'A guest'}, {range(t.startDate, t.endDate)}.{' '}
              <Link to={`/bookings?tripId=${encodeURIComponent(t.tripId)}`}>Open the trip</Link>
            </p>
          ))}
          {openDay.blocks.map((b) => (
            <div key={b._id} className="month__block">
              <p>
                Blocked {range(b.startDate, b.endDate)}
                {b.reason ? ` · ${b.reason}` : ''}
              </p>
              {readOnly ? null : !ownBlock(b, car._id) ? (
                <p className="muted">
                  This block covers all your cars. <Link to="/host/settings/block-availability">Change it in Availability</Link>.
                </p>
              ) : (
                <div className="host-actions">
                  {!openDay.past && (
                    <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => void unblock(b, openDay.date)}>
                      {b.startDate === b.endDate ? 'Unblock this day' : `Unblock ${formatDisplayDate(openDay.date)} only`}
                    </button>
                  )}
                  {b.startDate !== b.endDate && (
                    <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => void unblock(b, null)}>
                      Remove the whole block
                    </button>
                  )}
                </div>
              )}
            </div>
          ))}
          {openDay.trips.length === 0 && openDay.blocks.length === 0 && <p className="muted">{openDay.past ? 'Past day.' : 'Available.'}</p>}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(null)}>
            Close
          </button>
        </div>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
