import { useEffect, useMemo, useRef, useState } from 'react';
import { addDays, defaultRange, parseYmd, startOfDay, toYmd } from '@/lib/dates';

type Props = {
  from: string;
  until: string;
  onSave: (from: string, until: string) => void;
  onCancel?: () => void;
  /** 2 months on mobile, 1 on desktop search. */
  months?: number;
  isBlocked?: (ymd: string) => boolean;
  onVisibleMonths?: (months: { year: number; month: number }[]) => void;
  now?: Date;
  /** Picking a day starts the range there and ends it this many days later (long-term on mobile). */
  fixedDays?: number;
  /** The range Clear gives; tomorrow through the day after when not given (spec 000 section 4.1: /update-trip gives its own). */
  clearTo?: () => { fromDate: string; untilDate: string };
};

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/**
 * Picks a date range (spec 000 section 4.1): a day before the current start moves the start,
 * a day after the current end extends the end, a day inside the range becomes the new end;
 * past and blocked days cannot be picked. Clear resets to tomorrow through the day after (or
 * what `clearTo` gives);
 * Save applies. The arrow keys move between days (left and right a day, up and down a week),
 * across months too.
 */
export function RangeCalendar({ from, until, onSave, onCancel, months = 1, isBlocked, onVisibleMonths, now = new Date(), fixedDays, clearTo }: Props) {
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(until);
  const first = parseYmd(from) ?? addDays(startOfDay(now), 1);
  const [view, setView] = useState({ year: first.getFullYear(), month: first.getMonth() });
  const root = useRef<HTMLDivElement>(null);
  // Keyboard users land on the current start day when the calendar opens.
  useEffect(() => {
    root.current?.querySelector<HTMLButtonElement>(`[data-date="${from}"]:not(:disabled)`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const today = startOfDay(now);
  // The day the arrow keys move to; focused once its month is shown.
  const [focusDay, setFocusDay] = useState<string | null>(null);
  useEffect(() => {
    if (!focusDay) return;
    root.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDay}"]`)?.focus();
  }, [focusDay, view]);
  const moveFocus = (ymd: string, days: number) => {
    const target = addDays(parseYmd(ymd)!, days);
    if (target < today) return;
    const first = new Date(view.year, view.month, 1);
    const after = new Date(view.year, view.month + months, 1);
    if (target < first || target >= after) {
      const shift = target < first ? -1 : 1;
      setView((v) => {
        const d = new Date(v.year, v.month + shift, 1);
        return { year: d.getFullYear(), month: d.getMonth() };
      });
    }
    setFocusDay(toYmd(target));
  };
  const ARROWS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

  const visible = useMemo(
    () =>
      Array.from({ length: months }, (_, i) => {
        const d = new Date(view.year, view.month + i, 1);
        return { year: d.getFullYear(), month: d.getMonth() };
      }),
    [view, months],
  );
  useEffect(() => onVisibleMonths?.(visible), [visible, onVisibleMonths]);

  const pick = (ymd: string) => {
    if (fixedDays) {
      setStart(ymd);
      setEnd(toYmd(addDays(parseYmd(ymd)!, fixedDays)));
      return;
    }
    const s = parseYmd(start);
    const e = parseYmd(end);
    const d = parseYmd(ymd)!;
    if (!s || d < s) setStart(ymd);
    else if (!e || d > e) setEnd(ymd);
    else if (ymd !== start) setEnd(ymd);
  };

  const blockedBetween = (a: string, b: string) => {
    if (!isBlocked) return false;
    const x = parseYmd(a);
    const y = parseYmd(b);
    if (!x || !y) return false;
    for (let d = x; d <= y; d = addDays(d, 1)) if (isBlocked(toYmd(d))) return true;
    return false;
  };
  const invalid = !parseYmd(start) || !parseYmd(end) || parseYmd(end)! < parseYmd(start)! || blockedBetween(start, end);

  return (
    <div className="calendar" role="group" aria-label="Choose dates" ref={root}>
      <div className="calendar__nav">
        <button
          type="button"
          className="icon-btn"
          aria-label="Previous month"
          disabled={view.year === today.getFullYear() && view.month === today.getMonth()}
          onClick={() => setView((v) => ({ year: v.month === 0 ? v.year - 1 : v.year, month: (v.month + 11) % 12 }))}
        >
          ‹
        </button>
        <button type="button" className="icon-btn" aria-label="Next month" onClick={() => setView((v) => ({ year: v.month === 11 ? v.year + 1 : v.year, month: (v.month + 1) % 12 }))}>
          ›
        </button>
      </div>
      <div className="calendar__months">
        {visible.map(({ year, month }) => {
          const firstDay = new Date(year, month, 1);
          const days = new Date(year, month + 1, 0).getDate();
          const cells: (string | null)[] = [...Array(firstDay.getDay()).fill(null), ...Array.from({ length: days }, (_, i) => toYmd(new Date(year, month, i + 1)))];
          const title = firstDay.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
          return (
            <div key={`${year}-${month}`} className="calendar__month">
              <div className="calendar__title">{title}</div>
              <div className="calendar__grid" role="group" aria-label={title}>
                {WEEKDAYS.map((w) => (
                  <span key={w} className="calendar__wd" aria-hidden="true">
                    {w}
                  </span>
                ))}
                {cells.map((ymd, i) => {
                  if (!ymd) return <span key={`e${i}`} />;
                  const d = parseYmd(ymd)!;
                  const past = d < today;
                  const blocked = isBlocked?.(ymd) ?? false;
                  const selected = ymd === start || ymd === end;
                  const inRange = d > (parseYmd(start) ?? d) && d < (parseYmd(end) ?? d);
                  return (
                    <button
                      key={ymd}
                      type="button"
                      className={`calendar__day ${selected ? 'is-selected' : ''} ${inRange ? 'is-in-range' : ''} ${blocked ? 'is-blocked' : ''}`}
                      disabled={past || blocked}
                      aria-pressed={selected}
                      aria-label={`${d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' })}${blocked ? ', unavailable' : ''}`}
                      data-date={ymd}
                      onClick={() => pick(ymd)}
                      onKeyDown={(e) => {
                        const step = ARROWS[e.key];
                        if (step === undefined) return;
                        e.preventDefault();
                        moveFocus(ymd, step);
                      }}
                    >
                      {d.getDate()}
                    </button>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      {blockedBetween(start, end) && <p className="field__error">The car is unavailable on some of these days.</p>}
      <div className="calendar__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            const d = clearTo ? clearTo() : defaultRange(now);
            setStart(d.fromDate);
            setEnd(d.untilDate);
            // The cleared range is shown from the month of its start.
            const s = parseYmd(d.fromDate);
            if (s) setView({ year: s.getFullYear(), month: s.getMonth() });
          }}
        >
          Clear
        </button>
        {onCancel && (
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="button" className="btn btn--primary" disabled={invalid} onClick={() => onSave(start, end)}>
          Save
        </button>
      </div>
    </div>
  );
}
