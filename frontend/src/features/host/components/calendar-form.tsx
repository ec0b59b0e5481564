import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import type { CarListing } from '@/api/get-car-listing';
import { getCalendarFeed, rotateCalendarFeed, useCalendarImportChange, useCalendarImports, type CalendarImport } from '../api/calendar';
import { readOnlyNote, type CarAccess } from '../lib/car-access';
import { MonthCalendar } from './month-calendar';
import { ReadOnlyNote } from './pricing-form';

const when = (iso: string) => formatDateTime(new Date(iso));

function ImportRow({ imp, readOnly, onRemove, busy }: { imp: CalendarImport; readOnly: boolean; onRemove: () => void; busy: boolean }) {
  return (
    <li className="host-block" data-testid="calendar-import">
      <div>
        <strong className="calendar-url">{imp.url}</strong>
        <p className="muted">
          {imp.lastSyncAt ? `Last read ${when(imp.lastSyncAt)}` : 'Not read yet'} · {imp.events} event{imp.events === 1 ? '' : 's'}
        </p>
        {imp.lastError && (
          <p className="field__error" data-testid="calendar-error">
            {imp.lastError}
          </p>
        )}
        {imp.conflicts.length > 0 && (
          <div className="host-note" data-testid="calendar-conflicts">
            <p>These events overlap a trip booked here, so they do not block the car. Check them with the other platform:</p>
            <ul>
              {imp.conflicts.map((c) => (
                <li key={`${c.tripId}-${c.start}`}>
                  {when(c.start)} – {when(c.end)} (trip {c.tripId.slice(0, 8)})
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {!readOnly && (
        <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove the calendar ${imp.url}`} disabled={busy} onClick={onRemove}>
          Remove
        </button>
      )}
    </li>
  );
}

/**
 * The car's month (trips, blocks, prices), then calendar sync: the car's own calendar address (for Google, Apple or another platform to read
 * its trips and blocks), and the calendars of other platforms read into its availability every
 * 15 minutes, each with its last read, its error and the events that overlap a trip.
 */
export function CalendarForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const id = useId();
  const toast = useToast();
  const note = readOnlyNote(access, 'pricing');
  const readOnly = note !== null;
  const imports = useCalendarImports(car._id);
  const change = useCalendarImportChange(car._id);
  const [feed, setFeed] = useState<string | null>(null);
  const [feedError, setFeedError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const showFeed = async () => {
    setFeedError(null);
    try {
      setFeed((await getCalendarFeed(car._id)).data.url);
    } catch (e) {
      setFeedError(errorMessage(e, 'The calendar address could not be loaded.'));
    }
  };
  const rotate = async () => {
    setFeedError(null);
    try {
      const a = await rotateCalendarFeed(car._id);
      setFeed(a.data.url);
      toast.show(a.message || 'New address made', 'success');
    } catch (e) {
      setFeedError(errorMessage(e, 'A new address could not be made.'));
    } finally {
      setRotating(false);
    }
  };
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!url.trim()) return setError("Enter the calendar's address (https://...).");
    change.add.mutate(url.trim(), {
      onSuccess: (a) => {
        setUrl('');
        if (a.data?.lastError) toast.show(`Calendar added, but it could not be read: ${a.data.lastError}`, 'error', 6000);
        else toast.show(a.message || 'Calendar imported', 'success');
      },
      onError: (err) => setError(errorMessage(err, 'The calendar could not be added.')),
    });
  };

  return (
    <>
      <ReadOnlyNote text={note} />
      <MonthCalendar car={car} readOnly={readOnly} />
      <section className="form panel" aria-labelledby={`${id}-feed`}>
        <h2 id={`${id}-feed`}>This car's calendar</h2>
        <p className="muted">Add this address to Google Calendar, Apple Calendar or another platform: it lists the car's trips and blocked dates, without any guest details.</p>
        {feed ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-url`}>
              Calendar address (keep it private)
            </label>
            <input id={`${id}-url`} className="input" readOnly value={feed} onFocus={(e) => e.target.select()} />
            <div className="host-actions">
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void navigator.clipboard?.writeText(feed).then(() => toast.show('Address copied', 'success'))}>
                Copy
              </button>
              {!readOnly && (
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRotating(true)}>
                  Make a new address
                </button>
              )}
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => void showFeed()}>
            Show the calendar address
          </button>
        )}
        {feedError && (
          <p className="field__error" role="alert">
            {feedError}
          </p>
        )}
      </section>

      <form className="form panel" onSubmit={onAdd} noValidate aria-labelledby={`${id}-imports`}>
        <h2 id={`${id}-imports`}>Calendars from other platforms</h2>
        <p className="muted">Their events block this car here, read again every 15 minutes. An event over a trip booked here is shown, never dropped.</p>
        {imports.isPending ? (
          <Skeleton className="skeleton--block" />
        ) : imports.isError ? (
          <p role="alert">{errorMessage(imports.error, 'The imported calendars could not be loaded.')}</p>
        ) : imports.data.data.length === 0 ? (
          <p className="empty" data-testid="calendar-imports-empty">
            No calendar is imported.
          </p>
        ) : (
          <ul className="host-blocks" aria-label="Imported calendars">
            {imports.data.data.map((imp) => (
              <ImportRow key={imp.importId} imp={imp} readOnly={readOnly} busy={change.remove.isPending} onRemove={() => change.remove.mutate(imp.importId, { onError: (err) => setError(errorMessage(err, 'The calendar could not be removed.')) })} />
            ))}
          </ul>
        )}
        {!readOnly && (
          <>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-import`}>
                Calendar address (.ics)
              </label>
              <input id={`${id}-import`} className="input" inputMode="url" placeholder="https://..." value={url} onChange={(e) => setUrl(e.target.value)} />
            </div>
            {error && (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn--primary" disabled={change.add.isPending}>
              {change.add.isPending ? 'Reading the calendar…' : 'Import calendar'}
            </button>
          </>
        )}
      </form>

      {rotating && (
        <Modal title="Make a new address?" size="sm" onClose={() => setRotating(false)}>
          <p>The current address stops working: every calendar that reads it must be given the new one.</p>
          <div className="host-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setRotating(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={() => void rotate()}>
              Make a new address
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
