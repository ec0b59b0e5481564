import { useEnum } from '@/api/get-enum';
import { MSG } from '../lib/messages';

type Props = { id: string; value: string; onChange: (v: string) => void; invalid?: boolean; describedBy?: string; required?: boolean };

/**
 * A US state from `/api/enums/statesList` (`{value, label}`). When the list cannot be loaded the
 * field says 'Unable to load states' and takes the two-letter code typed instead.
 */
export function StateSelect({ id, value, onChange, invalid, describedBy, required }: Props) {
  const states = useEnum('statesList');
  if (states.isError)
    return (
      <>
        <input id={id} className="input" value={value} maxLength={2} autoComplete="address-level1" aria-invalid={invalid || undefined} aria-describedby={[`${id}-load`, describedBy].filter(Boolean).join(' ')} aria-required={required || undefined} onChange={(e) => onChange(e.target.value.toUpperCase())} />
        <p id={`${id}-load`} className="field__error" role="alert">
          {MSG.statesFailed}
        </p>
      </>
    );
  const options = states.data ?? [];
  const known = !value || options.some((o) => o.value === value);
  return (
    <select id={id} className="input" value={value} aria-invalid={invalid || undefined} aria-describedby={describedBy} aria-required={required || undefined} aria-busy={states.isPending || undefined} onChange={(e) => onChange(e.target.value)}>
      <option value="">Select a state</option>
      {!known && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
