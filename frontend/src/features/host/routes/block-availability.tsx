import { useQuery } from '@tanstack/react-query';
import { useHostTeams } from '@/api/get-host-teams';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { TIME_OPTIONS } from '@/lib/dates';
import { useCustomAvailability, useUpdateCustomAvailability, type Block, type BlockInput } from '../api/custom-availability';
import { hostCarsQueryOptions } from '../api/get-host-cars';
import { AvailabilitySidebar } from '../components/host-layout';
import { yes } from '../lib/car-access';

type Draft = { _id?: string; carId: string; startDate: string; startTime: string; endDate: string; endTime: string; reason: string };
const EMPTY: Draft = { carId: '', startDate: '', startTime: '', endDate: '', endTime: '', reason: '' };

/** The request's period: times left out are the start and the end of the days (the server's reading). */
export function toBlockInput(d: Draft): BlockInput {
  const b: BlockInput = { startDate: d.startDate, endDate: d.endDate, reason: d.reason.trim() };
  if (d._id) b._id = d._id;
  if (d.carId) b.carId = d.carId;
  if (d.startTime) b.startTime = d.startTime;
  if (d.endTime) b.endTime = d.endTime;
  return b;
}

function BlockForm({ initial, cars, onDone }: { initial: Draft; cars: { id: string; name: string }[]; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const [d, setD] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const m = useUpdateCustomAvailability();
  const set = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!d.startDate || !d.endDate) return setError('Choose the first and the last day.');
    if (d.endDate < d.startDate) return setError('The last day comes after the first.');
    m.mutate(
      { action: d._id ? 'update' : 'add', blocks: [toBlockInput(d)] },
      {
        onSuccess: (a) => {
          if (!a.status) return setError(a.message || 'Failed to update availability');
          toast.show(a.message || 'Saved', 'success');
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Failed to update availability')),
      },
    );
  };
  const time = (key: 'startTime' | 'endTime', label: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <select id={`${id}-${key}`} className="input" value={d[key]} onChange={(e) => set({ [key]: e.target.value })}>
        <option value="">{key === 'startTime' ? 'Start of the day' : 'End of the day'}</option>
        {TIME_OPTIONS.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-car`}>
          Car
        </label>
        <select id={`${id}-car`} className="input" value={d.carId} onChange={(e) => set({ carId: e.target.value })}>
          <option value="">All cars</option>
          {cars.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            First day
          </label>
          <input id={`${id}-from`} type="date" className="input" value={d.startDate} onChange={(e) => set({ startDate: e.target.value })} />
        </div>
        {time('startTime', 'From (optional)')}
      </div>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-until`}>
            Last day
          </label>
          <input id={`${id}-until`} type="date" className="input" value={d.endDate} onChange={(e) => set({ endDate: e.target.value })} />
        </div>
        {time('endTime', 'Until (optional)')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          Reason (optional)
        </label>
        <input id={`${id}-reason`} className="input" maxLength={200} value={d.reason} onChange={(e) => set({ reason: e.target.value })} />
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="host-actions">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={m.isPending}>
          {m.isPending ? 'Saving…' : d._id ? 'Save block' : 'Block these dates'}
        </button>
      </div>
    </form>
  );
}

const when = (b: Block) => `${b.startDate}${b.startTime ? ` ${b.startTime}` : ''} – ${b.endDate}${b.endTime ? ` ${b.endTime}` : ''}`;

/** /host/settings/block-availability: the host's blocked periods, for one car or all of them. */
export default function BlockAvailabilityRoute() {
  const toast = useToast();
  const blocks = useCustomAvailability();
  const cars = useQuery(hostCarsQueryOptions(1, 50));
  const remove = useUpdateCustomAvailability();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Block | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Blocked dates | Upcar';
  }, []);
  const teams = useHostTeams();
  const own = (cars.data?.data ?? []).map((c) => ({ id: c._id, name: [c.carYear, c.make, c.model].filter(Boolean).join(' ') + (c.licensePlate ? ` (${c.licensePlate})` : '') }));
  // A co-host whose team allows availability may block that team's cars too.
  const teamCars = (teams.data?.data ?? [])
    .filter((t) => t.role === 'co-host' && (yes(t.permissions.full) || yes(t.permissions.pricingAndAvailability)))
    .flatMap((t) => t.cars.map((c) => ({ id: c.id, name: `${c.name}${c.licensePlate ? ` (${c.licensePlate})` : ''} · ${t.teamName}` })));
  const carList = [...own, ...teamCars.filter((c) => !own.some((o) => o.id === c.id))];
  const carName = (ids: string[]) => (ids.length === 0 || (own.length > 1 && ids.length === own.length && own.every((o) => ids.includes(o.id))) ? 'All cars' : ids.map((i) => carList.find((c) => c.id === i)?.name ?? 'A car').join(', '));
  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(
      { action: 'delete', blocks: [{ _id: deleting._id }] },
      {
        onSuccess: (a) => {
          if (!a.status) return setDeleteError(a.message);
          toast.show(a.message || 'Block removed', 'success');
          setDeleting(null);
        },
        onError: (err) => setDeleteError(errorMessage(err, 'Failed to update availability')),
      },
    );
  };
  return (
    <div className="page host-page host-settings">
      <AvailabilitySidebar />
      <main id="main" className="host-settings__main">
        <h1>Blocked dates</h1>
        <p className="muted">Periods when a car, or all your cars, cannot be booked.</p>
        <button type="button" className="btn btn--primary" onClick={() => setEditing(EMPTY)}>
          Block dates
        </button>
        {blocks.isPending ? (
          <Skeleton className="skeleton--block" />
        ) : blocks.isError ? (
          <p role="alert">{errorMessage(blocks.error, 'Your blocked dates could not be loaded.')}</p>
        ) : !blocks.data.status ? (
          <p role="alert">{blocks.data.message}</p>
        ) : blocks.data.data.length === 0 ? (
          <p className="empty" data-testid="blocks-empty">
            No blocked dates.
          </p>
        ) : (
          <ul className="host-blocks" aria-label="Blocked periods">
            {blocks.data.data.map((b) => (
              <li key={b._id} className="panel host-block" data-testid="block">
                <div>
                  <strong>{when(b)}</strong>
                  <p className="muted">
                    {carName(b.carIds)}
                    {b.reason ? ` · ${b.reason}` : ''}
                  </p>
                </div>
                <div className="host-actions">
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    aria-label={`Edit block ${when(b)}`}
                    onClick={() => setEditing({ _id: b._id, carId: b.carIds.length === 1 ? b.carIds[0] : '', startDate: b.startDate, startTime: b.startTime, endDate: b.endDate, endTime: b.endTime, reason: b.reason })}
                  >
                    Edit
                  </button>
                  <button type="button" className="btn btn--ghost btn--sm" aria-label={`Delete block ${when(b)}`} onClick={() => setDeleting(b)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
      {editing && (
        <Modal title={editing._id ? 'Edit blocked dates' : 'Block dates'} onClose={() => setEditing(null)}>
          <BlockForm initial={editing} cars={carList} onDone={() => setEditing(null)} />
        </Modal>
      )}
      {deleting && (
        <Modal title="Remove this block?" size="sm" onClose={() => setDeleting(null)} closeDisabled={remove.isPending}>
          <p>{when(deleting)} will be bookable again.</p>
          {deleteError && (
            <p className="form__error" role="alert">
              {deleteError}
            </p>
          )}
          <div className="host-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={confirmDelete} disabled={remove.isPending}>
              Remove
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
