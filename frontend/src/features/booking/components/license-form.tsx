import { useState } from 'react';
import { Field } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import type { DriverLicense } from '../api/verification';
import { useSaveDriverLicense } from '../api/verification';

const FIELDS = [
  { id: 'firstName', label: 'First name (as on the licence)', type: 'text', autoComplete: 'given-name' },
  { id: 'lastName', label: 'Last name (as on the licence)', type: 'text', autoComplete: 'family-name' },
  { id: 'licenseNumber', label: 'Licence number', type: 'text', autoComplete: 'off' },
  { id: 'issueDate', label: 'Issue date', type: 'date', autoComplete: 'off' },
  { id: 'expirationDate', label: 'Expiration date', type: 'date', autoComplete: 'off' },
  { id: 'dob', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
] as const;

type Values = Record<(typeof FIELDS)[number]['id'], string>;

/**
 * The spec's driver form: the licence as printed on it. The server checks every field (an
 * expired licence, a holder under 21, impossible dates) and answers which one is wrong; trips
 * then lets the driver drive a trip only to the licence's expiry.
 */
export function LicenseForm({ userId, current, onSaved }: { userId: string; current?: DriverLicense; onSaved?: () => void }) {
  const save = useSaveDriverLicense(userId);
  const [values, setValues] = useState<Values>({
    firstName: current?.firstName ?? '',
    lastName: current?.lastName ?? '',
    licenseNumber: current?.licenseNumber ?? '',
    issueDate: current?.issueDate ?? '',
    expirationDate: current?.expirationDate ?? '',
    dob: current?.dob ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const complete = FIELDS.every((f) => values[f.id].trim() !== '');
  return (
    <section className="panel" aria-labelledby="license-title">
      <h2 id="license-title">Licence details</h2>
      <p className="muted">As printed on your driver&apos;s licence. A trip can end no later than the licence&apos;s expiration date.</p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          save.mutate(values, { onSuccess: () => onSaved?.(), onError: (err) => setError(errorMessage(err, 'Failed to save the licence details. Please try again.')) });
        }}
      >
        {FIELDS.map((f) => (
          <Field key={f.id} id={`license-${f.id}`} label={f.label}>
            <input
              id={`license-${f.id}`}
              className="input"
              type={f.type}
              autoComplete={f.autoComplete}
              value={values[f.id]}
              onChange={(e) => setValues((v) => ({ ...v, [f.id]: e.target.value }))}
            />
          </Field>
        ))}
        {error && (
          <p role="alert" className="form__error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={!complete || save.isPending}>
          Save licence
        </button>
      </form>
    </section>
  );
}
