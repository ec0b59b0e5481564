import { useId } from 'react';
import { useCarMakes, useCarModels, useCarTypes } from '../api/get-filter-options';
import { DEFAULT_FILTERS, SORTS, YEAR_DEFAULT, PRICE_DEFAULT, type Filters } from '../lib/search-state';

type Props = { value: Filters; onChange: (f: Filters) => void; layout?: 'bar' | 'panel' };

/** Two thumbs that cannot swap (spec 000 section 5). */
export function clampRange([a, b]: [number, number], which: 0 | 1, v: number): [number, number] {
  return which === 0 ? [Math.min(v, b), b] : [a, Math.max(v, a)];
}

export function FilterBar({ value, onChange, layout = 'bar' }: Props) {
  const id = useId();
  const makes = useCarMakes();
  const types = useCarTypes();
  const models = useCarModels(value.make);
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => onChange({ ...value, [k]: v, ...(k === 'make' ? { model: '' } : {}) });
  const sel = (k: 'sortBy' | 'vehicleType' | 'make' | 'model' | 'seats' | 'transmissionType', label: string, options: { value: string; label: string }[], any = true) => (
    <div className="field field--inline">
      <label htmlFor={`${id}-${k}`} className="field__label">
        {label}
      </label>
      <select id={`${id}-${k}`} className="input input--sm" value={value[k]} onChange={(e) => set(k, e.target.value)} data-testid={`filter-${k}`}>
        {any && <option value="">Any</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className={`filters filters--${layout}`} role="group" aria-label="Filters and sort">
      {sel('sortBy', 'Sort by', SORTS.map((s) => ({ value: s.value, label: s.label })), false)}
      {sel('vehicleType', 'Vehicle type', types.data ?? [])}
      {sel('make', 'Make', makes.data ?? [])}
      {sel('model', 'Model', (models.data ?? []).map((m) => ({ value: m, label: m })))}
      {sel('seats', 'Seats', [
        { value: '4', label: '4' },
        { value: '5', label: '5' },
        { value: '6', label: '6 or more' },
      ])}
      {sel('transmissionType', 'Transmission', [
        { value: 'automatic', label: 'Automatic' },
        { value: 'manual', label: 'Manual' },
      ])}
      <fieldset className="range-field">
        <legend className="field__label">
          Price per day: ${value.priceRange[0]} to ${value.priceRange[1]}
        </legend>
        <input type="range" min={PRICE_DEFAULT[0]} max={PRICE_DEFAULT[1]} step={5} value={value.priceRange[0]} aria-label="Minimum price per day" onChange={(e) => set('priceRange', clampRange(value.priceRange, 0, Number(e.target.value)))} />
        <input type="range" min={PRICE_DEFAULT[0]} max={PRICE_DEFAULT[1]} step={5} value={value.priceRange[1]} aria-label="Maximum price per day" onChange={(e) => set('priceRange', clampRange(value.priceRange, 1, Number(e.target.value)))} />
      </fieldset>
      <fieldset className="range-field">
        <legend className="field__label">
          Year: {value.yearRange[0]} to {value.yearRange[1]}
        </legend>
        <input type="range" min={YEAR_DEFAULT[0]} max={YEAR_DEFAULT[1]} value={value.yearRange[0]} aria-label="Oldest model year" onChange={(e) => set('yearRange', clampRange(value.yearRange, 0, Number(e.target.value)))} />
        <input type="range" min={YEAR_DEFAULT[0]} max={YEAR_DEFAULT[1]} value={value.yearRange[1]} aria-label="Newest model year" onChange={(e) => set('yearRange', clampRange(value.yearRange, 1, Number(e.target.value)))} />
      </fieldset>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange({ ...DEFAULT_FILTERS, sortBy: value.sortBy })}>
        Reset filters
      </button>
    </div>
  );
}
