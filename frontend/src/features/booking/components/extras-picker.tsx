import { useState } from 'react';
import { extraName, money } from '@/lib/format';
import type { CarExtra } from '@/api/types';

/** Extras to toggle; Continue applies and Cancel discards, both close the list. */
export function ExtrasPicker({ extras, selected, onChange }: { extras: CarExtra[]; selected: string[]; onChange: (ids: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(selected);
  const names = extras.filter((x) => selected.includes(x.extraId)).map((x) => extraName(x.extraType, x.description).name);
  return (
    <section className="panel" aria-labelledby="extras-title">
      <h2 id="extras-title">Extras</h2>
      {extras.length === 0 ? (
        <p>No extras available for this car.</p>
      ) : !open ? (
        <>
          <p>{names.length ? names.join(', ') : 'No extras chosen.'}</p>
          <button
            type="button"
            className="btn btn--outline btn--sm"
            onClick={() => {
              setDraft(selected);
              setOpen(true);
            }}
          >
            Choose extras
          </button>
        </>
      ) : (
        <div className="form">
          {extras.map((x) => (
            <label key={x.extraId} className="field--check field">
              <input type="checkbox" checked={draft.includes(x.extraId)} onChange={(e) => setDraft((d) => (e.target.checked ? [...d, x.extraId] : d.filter((i) => i !== x.extraId)))} />
              <span>
                <strong>{extraName(x.extraType, x.description).name}</strong> {money(x.price.amount)} / {x.price.per} <span className="muted">{extraName(x.extraType, x.description).detail}</span>
              </span>
            </label>
          ))}
          <div className="calendar__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
            >
              Continue
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
