import { useState } from 'react';
import type { Trip } from '@/api/types';
import { FailureText } from '@/components/failure-text';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/format';
import { useAddIncidentals, type IncidentalItem } from '../api/add-incidentals';
import { useIncidentalOptions, type IncidentalOption, type IncidentalOptionsData } from '../api/get-incidental-options';
import { useIncidentals } from '../api/get-incidentals';
import { useRemoveIncidentals } from '../api/remove-incidentals';
import { draftToItem, EMPTY_DRAFT, INCIDENTAL_MESSAGES, MAX_INCIDENTAL_NOTE, optionPrice, unavailableReason, type DraftErrors, type IncidentalDraft } from '../lib/incidentals';
import { IncidentalCard } from './incidental-card';

/**
 * The host's incidentals of a trip (spec 002 sections 4 and 7): what was charged, each pending one
 * removable (`modifyIncidentals`), and the kinds the host may add (`getIncidentalOptions`: fuel,
 * tolls, cleaning, late return, extra miles, ...), each with what its rule needs (an amount paid,
 * the miles driven, an improper return) and a note for the guest (`addIncidentals`).
 */
export function HostIncidentals({ trip }: { trip: Trip }) {
  const tripId = trip.tripId;
  const list = useIncidentals(tripId, 'host');
  const options = useIncidentalOptions(tripId);
  const remove = useRemoveIncidentals(tripId);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);

  if (list.isPending) return <Skeleton className="skeleton--block" />;
  if (list.isError) return <p role="alert">{errorMessage(list.error, 'The incidentals could not be loaded.')}</p>;
  const { incidentals, pendingTotal, paidTotal } = list.data;
  const pending = incidentals.filter((i) => i.status === 'pending');
  const chosen = pending.filter((i) => selected.includes(i.incidentalId));
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  const confirmRemove = () => {
    setRemoved(null);
    remove.mutate(
      chosen.map((i) => i.incidentalId),
      {
        onSuccess: (r) => {
          setSelected([]);
          setRemoved(r.message || 'Incidentals removed.');
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      <section className="trip-care__section" aria-labelledby="charged-title">
        <h2 id="charged-title">Charged on this trip</h2>
        {incidentals.length === 0 ? (
          <p className="empty" data-testid="no-incidentals">
            No incidentals on this trip.
          </p>
        ) : (
          <ul className="trip-care__incidentals" aria-label="Incidentals">
            {incidentals.map((i) => (
              <IncidentalCard
                key={i.incidentalId}
                incidental={i}
                tripId={tripId}
                timeZone={trip.timeZone}
                action={
                  i.status === 'pending' ? (
                    <label className="trip-care__select">
                      <input type="checkbox" checked={selected.includes(i.incidentalId)} onChange={(e) => toggle(i.incidentalId, e.target.checked)} />
                      <span>Select {i.label} to remove</span>
                    </label>
                  ) : undefined
                }
              />
            ))}
          </ul>
        )}
        <div className="panel trip-care__pay">
          <p>
            Waiting for the guest: <strong data-testid="pending-total">{money(pendingTotal)}</strong>
          </p>
          {paidTotal > 0 && <p className="muted">Paid by the guest: {money(paidTotal)}</p>}
          {pending.length > 0 && (
            <div className="trip-care__actions">
              <button type="button" className="btn btn--outline" disabled={chosen.length === 0 || remove.isPending} onClick={() => setConfirming(true)}>
                Remove selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
              </button>
            </div>
          )}
          {remove.isError && <FailureText err={remove.error} text={INCIDENTAL_MESSAGES.removeFailed} testId="remove-error" />}
          {removed && (
            <p className="form__success" role="status" data-testid="remove-done">
              {removed}
            </p>
          )}
        </div>
      </section>

      {options.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : options.isError ? (
        <p role="alert">{errorMessage(options.error, 'The kinds of incidental could not be loaded.')}</p>
      ) : options.data.canAdd ? (
        <AddIncidentals tripId={tripId} data={options.data} />
      ) : (
        <p className="trip-care__note" data-testid="cannot-add">
          Incidentals can be added while the trip is under way and until 48 hours after the car is returned.
        </p>
      )}

      {confirming && (
        <Modal title="Remove incidentals?" onClose={() => setConfirming(false)} closeDisabled={remove.isPending} size="sm">
          <p>The guest will no longer be asked to pay:</p>
          <ul>
            {chosen.map((i) => (
              <li key={i.incidentalId}>
                {i.label}: {money(i.total)}
              </li>
            ))}
          </ul>
          <div className="trip-care__actions">
            <button type="button" className="btn btn--primary" onClick={confirmRemove} disabled={remove.isPending}>
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Keep them
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** The form: each kind a checkbox; a chosen kind asks what its rule needs, and a note. */
function AddIncidentals({ tripId, data }: { tripId: string; data: IncidentalOptionsData }) {
  const add = useAddIncidentals(tripId);
  const [drafts, setDrafts] = useState<Record<string, IncidentalDraft>>({});
  const [errors, setErrors] = useState<Record<string, DraftErrors>>({});
  const [added, setAdded] = useState<string | null>(null);
  const draft = (type: string) => drafts[type] ?? EMPTY_DRAFT;
  const set = (type: string, patch: Partial<IncidentalDraft>) => setDrafts((d) => ({ ...d, [type]: { ...(d[type] ?? EMPTY_DRAFT), ...patch } }));
  const chosen = data.options.filter((o) => draft(o.type).chosen && !unavailableReason(o, data));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const items: IncidentalItem[] = [];
    const problems: Record<string, DraftErrors> = {};
    for (const o of chosen) {
      const r = draftToItem(o, draft(o.type), data);
      if ('errors' in r) problems[o.type] = r.errors;
      else items.push(r.item);
    }
    setErrors(problems);
    if (Object.keys(problems).length || !items.length) return;
    add.mutate(items, {
      onSuccess: (r) => {
        setDrafts({});
        setAdded(r.message || 'Incidentals added.');
      },
    });
  };

  return (
    <section className="panel trip-care__section" aria-labelledby="add-title">
      <h2 id="add-title">Add incidentals</h2>
      <p className="muted">The guest is asked to accept and pay them. Each price comes from its rule and this trip's numbers.</p>
      <form className="trip-care__form" onSubmit={submit} noValidate>
        <fieldset className="trip-care__options">
          <legend className="sr-only">Kinds of incidental</legend>
          {data.options.map((o) => (
            <OptionFields key={o.type} option={o} data={data} draft={draft(o.type)} errors={errors[o.type] ?? {}} onChange={(p) => set(o.type, p)} />
          ))}
        </fieldset>
        {add.isError && <FailureText err={add.error} text={INCIDENTAL_MESSAGES.addFailed} testId="add-error" />}
        {added && (
          <p className="form__success" role="status" data-testid="add-done">
            {added}
          </p>
        )}
        <div className="trip-care__actions">
          <button type="submit" className="btn btn--primary" disabled={chosen.length === 0 || add.isPending}>
            {add.isPending ? 'Adding…' : chosen.length > 1 ? `Add ${chosen.length} incidentals` : 'Add incidental'}
          </button>
        </div>
      </form>
    </section>
  );
}

function OptionFields({ option: o, data, draft: d, errors, onChange }: { option: IncidentalOption; data: IncidentalOptionsData; draft: IncidentalDraft; errors: DraftErrors; onChange: (p: Partial<IncidentalDraft>) => void }) {
  const id = `incidental-${o.type}`;
  const unavailable = unavailableReason(o, data);
  const price = optionPrice(o, data);
  const on = d.chosen && !unavailable;
  return (
    <div className="trip-care__kind" data-testid={`option-${o.type}`}>
      <label className="trip-care__option">
        <input type="checkbox" checked={on} disabled={Boolean(unavailable)} onChange={(e) => onChange({ chosen: e.target.checked })} aria-describedby={`${id}-rule`} />
        <span>
          <strong>{o.label}</strong>
          {price && <span className="muted"> · {price}</span>}
        </span>
      </label>
      <p id={`${id}-rule`} className="field__hint trip-care__rule-text">
        {unavailable ?? o.rule}
      </p>
      {on && (
        <div className="trip-care__kind-fields">
          {o.computedFrom === 'amount' && (
            <Field id={`${id}-amount`} label={`Amount paid for ${o.label.toLowerCase()} ($)`} error={errors.amount}>
              <input
                id={`${id}-amount`}
                className="input"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                max={o.maxAmount ?? undefined}
                value={d.amount}
                onChange={(e) => onChange({ amount: e.target.value })}
                aria-invalid={Boolean(errors.amount)}
                aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
              />
            </Field>
          )}
          {o.computedFrom === 'miles' && (
            <Field id={`${id}-miles`} label="Miles driven on the trip" error={errors.miles}>
              <input
                id={`${id}-miles`}
                className="input"
                type="number"
                inputMode="numeric"
                min={data.milesIncluded + 1}
                step="1"
                value={d.miles}
                onChange={(e) => onChange({ miles: e.target.value })}
                aria-invalid={Boolean(errors.miles)}
                aria-describedby={errors.miles ? `${id}-miles-error` : undefined}
              />
            </Field>
          )}
          {o.computedFrom === 'lateness' && (
            <label className="trip-care__option">
              <input type="checkbox" checked={d.improperReturn} onChange={(e) => onChange({ improperReturn: e.target.checked })} />
              <span>The car came back improperly (adds the $50 improper return fee)</span>
            </label>
          )}
          <Field id={`${id}-note`} label={`Note for the guest about ${o.label.toLowerCase()} (optional)`} error={errors.note}>
            <textarea
              id={`${id}-note`}
              className="input"
              rows={2}
              maxLength={MAX_INCIDENTAL_NOTE}
              value={d.note}
              onChange={(e) => onChange({ note: e.target.value })}
              aria-invalid={Boolean(errors.note)}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
            />
          </Field>
        </div>
      )}
    </div>
  );
}
