import { useState } from 'react';
import { extraName, money } from '@/lib/format';
import type { CarExtra } from '@/api/types';

const CUTOFF = 750;

/** More/Less only when longer than 750 characters, truncated at 750 with " ..." (spec 000 section 2.3). */
export function descriptionView(text: string, expanded: boolean): { text: string; toggle: boolean } {
  if (text.length <= CUTOFF) return { text, toggle: false };
  return { text: expanded ? text : `${text.slice(0, CUTOFF)} ...`, toggle: true };
}

export function Description({ text }: { text: string }) {
  const [more, setMore] = useState(false);
  const v = descriptionView(text || '', more);
  return (
    <section className="car-section" aria-labelledby="desc-title">
      <h2 id="desc-title">Description</h2>
      <p className="prewrap" data-testid="description">{v.text || 'No information'}</p>
      {v.toggle && (
        <button type="button" className="link-btn" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? 'Less' : 'More'}
        </button>
      )}
    </section>
  );
}

export function Features({ features }: { features: string[] }) {
  const [open, setOpen] = useState(false);
  const shown = open ? features : features.slice(0, 6);
  return (
    <section className="car-section" aria-labelledby="features-title">
      <h2 id="features-title">Features</h2>
      <ul className="chips">
        {shown.map((f) => (
          <li key={f} className="chip">
            {f}
          </li>
        ))}
      </ul>
      {features.length > 6 && (
        <button type="button" className="link-btn" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show fewer features' : `Show all ${features.length} features`}
        </button>
      )}
    </section>
  );
}

/** Two extras, with More/Less only when there are more than two. */
export function Extras({ extras }: { extras: CarExtra[] }) {
  const [more, setMore] = useState(false);
  const shown = more ? extras : extras.slice(0, 2);
  return (
    <section className="car-section" aria-labelledby="extras-title">
      <h2 id="extras-title">Extras</h2>
      {extras.length === 0 ? (
        <p>No extras available for this car.</p>
      ) : (
        <ul className="extras" data-testid="extras">
          {shown.map((x) => (
            <li key={x.extraId} className="extra">
              <strong>{extraName(x.extraType, x.description).name}</strong>
              <span>{extraName(x.extraType, x.description).detail}</span>
              <span className="extra__price">
                {money(x.price.amount)} / {x.price.per}
              </span>
            </li>
          ))}
        </ul>
      )}
      {extras.length > 2 && (
        <button type="button" className="link-btn" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? 'Less' : 'More'}
        </button>
      )}
    </section>
  );
}
