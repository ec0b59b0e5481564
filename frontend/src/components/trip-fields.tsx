import { useEffect, useId, useRef, useState } from 'react';
import { TIME_OPTIONS, formatDisplayDate, type TripRange } from '@/lib/dates';
import { RangeCalendar } from './range-calendar';

type Props = {
  value: TripRange;
  onChange: (r: TripRange) => void;
  months?: number;
  isBlocked?: (ymd: string) => boolean;
  onVisibleMonths?: (months: { year: number; month: number }[]) => void;
  compact?: boolean;
  /** See RangeCalendar. */
  fixedDays?: number;
};

/** Read-only date fields opening a calendar, and the two time selects. */
export function TripFields({ value, onChange, months = 1, isBlocked, onVisibleMonths, compact, fixedDays }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      fromRef.current?.focus();
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`trip-fields ${compact ? 'trip-fields--compact' : ''}`} ref={ref}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          From
        </label>
        <input ref={fromRef} id={`${id}-from`} className="input input--date" readOnly value={formatDisplayDate(value.fromDate)} onClick={() => setOpen(true)} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setOpen(true)} aria-haspopup="dialog" data-testid="from-date" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-ft`}>
          Start time
        </label>
        <select id={`${id}-ft`} className="input" value={value.fromTime} onChange={(e) => onChange({ ...value, fromTime: e.target.value })}>
          {TIME_OPTIONS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-until`}>
          Until
        </label>
        <input id={`${id}-until`} className="input input--date" readOnly value={formatDisplayDate(value.untilDate)} onClick={() => setOpen(true)} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setOpen(true)} aria-haspopup="dialog" data-testid="until-date" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-ut`}>
          End time
        </label>
        <select id={`${id}-ut`} className="input" value={value.untilTime} onChange={(e) => onChange({ ...value, untilTime: e.target.value })}>
          {TIME_OPTIONS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      {open && (
        <div className="popover" role="dialog" aria-label="Choose trip dates">
          <RangeCalendar
            from={value.fromDate}
            until={value.untilDate}
            months={months}
            isBlocked={isBlocked}
            onVisibleMonths={onVisibleMonths}
            fixedDays={fixedDays}
            onCancel={() => {
              setOpen(false);
              fromRef.current?.focus();
            }}
            onSave={(f, u) => {
              onChange({ ...value, fromDate: f, untilDate: u });
              setOpen(false);
              fromRef.current?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}
