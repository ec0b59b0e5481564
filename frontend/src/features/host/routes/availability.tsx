import { useEffect, useId, useState, type FormEvent } from 'react';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { TIME_OPTIONS } from '@/lib/dates';
import { useUpdateWeeklyAvailability, useWeeklyAvailability } from '../api/weekly-availability';
import { AvailabilitySidebar } from '../components/host-layout';
import { toWeekForm, toWeeklyBody, weekErrors, type WeekForm } from '../lib/weekly-hours';

/** The weekly hours form; `initial` from the server. */
export function WeeklyHoursForm({ initial }: { initial: WeekForm }) {
  const id = useId();
  const toast = useToast();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useUpdateWeeklyAvailability();
  const setDay = (day: string, p: Partial<WeekForm['days'][number]>) => setForm((f) => ({ ...f, days: f.days.map((d) => (d.day === day ? { ...d, ...p } : d)) }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const errs = weekErrors(form);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    save.mutate(toWeeklyBody(form), {
      onSuccess: (a) => {
        if (a.status) toast.show(a.message || 'Weekly hours saved', 'success');
        else setMessage(a.message || 'Failed to update availability');
      },
      onError: (err) => setMessage(errorMessage(err, 'Failed to update availability')),
    });
  };
  const timeSelect = (day: string, key: 'startTime' | 'endTime', label: string, value: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${day}-${key}`}>
        {label}
      </label>
      <select id={`${id}-${day}-${key}`} className="input input--sm" value={value} onChange={(e) => setDay(day, { [key]: e.target.value })}>
        <option value="">All day</option>
        {TIME_OPTIONS.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Weekly hours">
      <label className="field--check">
        <input type="checkbox" checked={form.isAlwaysAvailable} onChange={(e) => setForm((f) => ({ ...f, isAlwaysAvailable: e.target.checked }))} /> Always available (any day, any time)
      </label>
      {!form.isAlwaysAvailable && (
        <ul className="host-week" aria-label="Days">
          {form.days.map((d) => (
            <li key={d.day} className="host-day" data-testid={`day-${d.day}`}>
              <label className="field--check host-day__name">
                <input type="checkbox" checked={d.isAvailable} onChange={(e) => setDay(d.day, { isAvailable: e.target.checked })} /> {d.day}
              </label>
              {d.isAvailable ? (
                <div className="form__row">
                  {timeSelect(d.day, 'startTime', `${d.day} from`, d.startTime)}
                  {timeSelect(d.day, 'endTime', `${d.day} until`, d.endTime)}
                </div>
              ) : (
                <span className="muted">Unavailable</span>
              )}
              {errors[d.day] && (
                <p className="field__error" role="alert">
                  {d.day}: {errors[d.day]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save hours'}
      </button>
    </form>
  );
}

/** /host/settings/availability: the days and hours the host hands over and takes back cars. */
export default function WeeklyHoursRoute() {
  const week = useWeeklyAvailability();
  useEffect(() => {
    document.title = 'Pickup & return hours | Upcar';
  }, []);
  return (
    <div className="page host-page host-settings">
      <AvailabilitySidebar />
      <main id="main" className="host-settings__main">
        <h1>Pickup &amp; return hours</h1>
        <p className="muted">When guests may pick up and return your cars. Hours are the cars' local time.</p>
        {week.isPending ? (
          <Skeleton className="skeleton--block" />
        ) : week.isError ? (
          <p role="alert">{errorMessage(week.error, 'Your hours could not be loaded.')}</p>
        ) : !week.data.status ? (
          <p role="alert">{week.data.message}</p>
        ) : (
          <WeeklyHoursForm initial={toWeekForm(week.data.data)} />
        )}
      </main>
    </div>
  );
}
