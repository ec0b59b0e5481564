import { useId, useState } from 'react';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import type { Schemas } from '@/api/types';
import { useAddAdditionalDrivers } from '../api/add-additional-driver';
import { useRemoveAdditionalDriver } from '../api/remove-additional-driver';

type Driver = Schemas['AdditionalDriver'];

const STATUS: Record<string, string> = { invited: 'Invited', added: 'Added', expired: 'Invitation expired' };
/** Up to 3 additional drivers per trip, invited or added (the server's rule, told before it refuses). */
export const MAX_DRIVERS = 3;

/** Emails typed with commas, spaces or new lines, lower-cased, each once. */
export function parseEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((e) => e.trim().toLowerCase()).filter(Boolean))];
}

/** Asks before a driver is removed or an invitation withdrawn, and says what follows. */
function RemoveDriverDialog({ tripId, driver, onClose, onDone }: { tripId: string; driver: Driver; onClose: () => void; onDone: (message: string) => void }) {
  const remove = useRemoveAdditionalDriver(tripId);
  const invited = driver.status !== 'added';
  return (
    <Modal title={invited ? 'Withdraw this invitation?' : 'Remove this driver?'} onClose={onClose} closeDisabled={remove.isPending} size="sm">
      <p>
        {invited
          ? `The link sent to ${driver.email} will stop working. You can invite them again later.`
          : `${driver.email} will no longer be able to drive this car or see this trip. You can invite them again later.`}
      </p>
      {remove.isError && (
        <p className="form__error" role="alert">
          {errorMessage(remove.error, 'The driver could not be removed. Please try again.')}
        </p>
      )}
      <div className="calendar__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose} disabled={remove.isPending}>
          Keep
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={remove.isPending}
          onClick={() => remove.mutate(driver.email, { onSuccess: (a) => onDone(a.message || 'Driver removed.') })}
        >
          {remove.isPending ? 'Removing…' : invited ? 'Withdraw invitation' : 'Remove driver'}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The trip's additional drivers and the invitation form (the trip's guest, while the trip holds
 * the car). Each invitee gets an email with a link to join; the server checks the emails. The
 * guest removes a driver or withdraws an invitation (asked first).
 */
export function AdditionalDrivers({ tripId, drivers, canInvite, timeZone }: { tripId: string; drivers: Driver[]; canInvite: boolean; timeZone: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const add = useAddAdditionalDrivers(tripId);
  const [removing, setRemoving] = useState<Driver | null>(null);
  const live = drivers.filter((d) => d.status !== 'expired').length;
  if (!canInvite && drivers.length === 0) return null;
  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="drivers">
      <h2 id={`${id}-title`}>Additional drivers</h2>
      {drivers.length === 0 ? (
        <p className="muted">No additional drivers yet.</p>
      ) : (
        <ul className="trip-drivers">
          {drivers.map((d) => (
            <li key={d.email} data-testid="driver">
              <strong>{d.email}</strong> · {STATUS[d.status] ?? d.status}
              {d.status === 'invited' && d.expiresAt && <span className="muted"> (until {formatInTimeZone(d.expiresAt, timeZone)})</span>}
              {canInvite && d.status !== 'expired' && (
                <>
                  {' '}
                  <button type="button" className="btn btn--ghost btn--sm" aria-label={`${d.status === 'added' ? 'Remove' : 'Withdraw the invitation of'} ${d.email}`} onClick={() => setRemoving(d)}>
                    {d.status === 'added' ? 'Remove' : 'Withdraw'}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <RemoveDriverDialog
          tripId={tripId}
          driver={removing}
          onClose={() => setRemoving(null)}
          onDone={(message) => {
            setRemoving(null);
            setSent(message);
          }}
        />
      )}
      {canInvite && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSent('');
            const emails = parseEmails(text);
            if (emails.length === 0) return setError('Enter an email address.');
            setError('');
            add.mutate(emails, {
              onSuccess: (a) => {
                setText('');
                setSent(a.message || 'Invitation sent.');
              },
            });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-emails`}>
              Invite by email
            </label>
            <input
              id={`${id}-emails`}
              className="input"
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="driver@example.com"
              value={text}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                setText(e.target.value);
                setError('');
              }}
            />
            <p className="field__hint" id={`${id}-hint`}>
              Separate several emails with commas. Up to {MAX_DRIVERS} additional drivers per trip ({live} so far); each gets a link to join and must be verified to drive.
            </p>
          </div>
          {(error || add.isError) && (
            <p className="form__error" role="alert">
              {error || errorMessage(add.error, 'The invitation could not be sent. Please try again.')}
            </p>
          )}
          {sent && (
            <p className="form__success" role="status">
              {sent}
            </p>
          )}
          <button type="submit" className="btn btn--outline btn--sm" disabled={add.isPending}>
            {add.isPending ? 'Sending…' : 'Send invitation'}
          </button>
        </form>
      )}
    </section>
  );
}
