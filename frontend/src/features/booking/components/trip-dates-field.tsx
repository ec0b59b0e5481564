import { useEffect, useId, useRef, useState } from 'react';
import { RangeCalendar } from '@/components/range-calendar';
import { TIME_OPTIONS, formatDisplayDate, type TripRange } from '@/lib/dates';

type Props = {
  value: TripRange;
  onChange: (r: TripRange) => void;
  /** The range Clear gives (on /update-trip it depends on the trip: spec 000 section 4.1). */
  clearTo: () => { fromDate: string; untilDate: string };
};

/** The new dates (read-only fields opening the range calendar) and the two time selects of /update-trip. */
export function TripDatesField({ value, onChange, clearTo }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // The calendar keeps its own draft; a new key starts it again from `draft`.
  const [draft, setDraft] = useState({ fromDate: value.fromDate, untilDate: value.untilDate, key: 0 });
  const ref = useRef<HTMLDivElement>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const close = () => {
    setOpen(false);
    fromRef.current?.focus();
  };
  const openCalendar = () => {
    setDraft((d) => ({ fromDate: value.fromDate, untilDate: value.untilDate, key: d.key + 1 }));
    setOpen(true);
  };
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: globalThis.MouseEvent) => {
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
    <div className="trip-fields" ref={ref}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          From
        </label>
        <input ref={fromRef} id={`${id}-from`} className="input input--date" readOnly value={formatDisplayDate(value.fromDate)} onClick={openCalendar} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && openCalendar()} aria-haspopup="dialog" data-testid="from-date" />
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
        <input id={`${id}-until`} className="input input--date" readOnly value={formatDisplayDate(value.untilDate)} onClick={openCalendar} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && openCalendar()} aria-haspopup="dialog" data-testid="until-date" />
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
        <div className="popover" role="dialog" aria-label="Choose new trip dates">
          <RangeCalendar
            key={draft.key}
            from={draft.fromDate}
            until={draft.untilDate}
            months={1}
            clearTo={clearTo}
            onCancel={close}
            onSave={(f, u) => {
              onChange({ ...value, fromDate: f, untilDate: u });
              close();
            }}
          />
        </div>
      )}
    </div>
  );
}
