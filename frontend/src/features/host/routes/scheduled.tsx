import { useEffect, useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { useTemplateMutations, useTemplates, type Template, type TemplateBody } from '../api/templates';

export const TRIGGERS = [
  { value: 'booking_confirmed', label: 'When a booking is confirmed' },
  { value: 'before_trip_start', label: 'Before the trip starts' },
  { value: 'trip_started', label: 'When the trip starts (check-in)' },
  { value: 'before_trip_end', label: 'Before the trip ends' },
  { value: 'trip_ended', label: 'When the trip ends (checkout)' },
];
export const PLACEHOLDERS = ['{guestName}', '{hostName}', '{carName}', '{pickupAddress}', '{startTime}', '{endTime}'];
const hasOffset = (trigger: string) => trigger.startsWith('before_');

/** When a template is sent, in words. */
export function whenSent(t: Pick<Template, 'trigger' | 'offsetHours'>): string {
  if (t.trigger === 'before_trip_start') return `${t.offsetHours} h before the trip starts`;
  if (t.trigger === 'before_trip_end') return `${t.offsetHours} h before the trip ends`;
  return TRIGGERS.find((x) => x.value === t.trigger)?.label ?? t.trigger;
}

type Draft = { name: string; message: string; trigger: string; offsetHours: string };

function TemplateForm({ template, onDone }: { template: Template | null; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const { create, update } = useTemplateMutations();
  const [d, setD] = useState<Draft>({
    name: template?.name ?? '',
    message: template?.message ?? '',
    trigger: template?.trigger ?? 'booking_confirmed',
    offsetHours: String(template?.offsetHours ?? 24),
  });
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!d.name.trim() || d.name.trim().length > 80) return setError('A name of 1 to 80 characters is needed.');
    if (!d.message.trim() || d.message.length > 1000) return setError('A message of 1 to 1000 characters is needed.');
    const offset = hasOffset(d.trigger) ? Number(d.offsetHours) : 0;
    if (!Number.isInteger(offset) || offset < 0 || offset > 168) return setError('Hours before: a whole number from 0 to 168.');
    const body: TemplateBody = { name: d.name.trim(), message: d.message, trigger: d.trigger, offsetHours: offset };
    const opts = {
      onSuccess: (a: { message: string }) => {
        toast.show(a.message || 'Template saved', 'success');
        onDone();
      },
      onError: (err: Error) => setError(errorMessage(err, 'The template could not be saved.')),
    };
    if (template) update.mutate({ templateId: template._id, body }, opts);
    else create.mutate({ ...body, enabled: true }, opts);
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input id={`${id}-name`} className="input" maxLength={80} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-msg`}>
          Message
        </label>
        <textarea id={`${id}-msg`} className="input" rows={5} maxLength={1000} value={d.message} aria-describedby={`${id}-ph`} onChange={(e) => setD({ ...d, message: e.target.value })} />
        <p id={`${id}-ph`} className="field__hint">
          You may use: {PLACEHOLDERS.join(', ')}
        </p>
      </div>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-trigger`}>
            Sent
          </label>
          <select id={`${id}-trigger`} className="input" value={d.trigger} onChange={(e) => setD({ ...d, trigger: e.target.value })}>
            {TRIGGERS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        {hasOffset(d.trigger) && (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-offset`}>
              Hours before
            </label>
            <input id={`${id}-offset`} className="input" inputMode="numeric" value={d.offsetHours} onChange={(e) => setD({ ...d, offsetHours: e.target.value.replace(/\D/g, '') })} />
          </div>
        )}
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
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save template'}
        </button>
      </div>
    </form>
  );
}

function TemplateItem({ t, onEdit, onDelete }: { t: Template; onEdit: () => void; onDelete: () => void }) {
  const toast = useToast();
  const { setEnabled } = useTemplateMutations();
  const [error, setError] = useState<string | null>(null);
  const toggle = (enabled: boolean) => {
    setError(null);
    setEnabled.mutate(
      { templateId: t._id, enabled },
      { onSuccess: (a) => toast.show(a.message || (enabled ? 'Template enabled' : 'Template disabled'), 'success'), onError: (e) => setError(errorMessage(e, 'The template could not be changed.')) },
    );
  };
  return (
    <li className="panel host-template" data-testid="template">
      <div className="host-template__head">
        <h2>{t.name}</h2>
        <label className="host-switch">
          <input type="checkbox" role="switch" checked={t.enabled} disabled={setEnabled.isPending} onChange={(e) => toggle(e.target.checked)} aria-label={`${t.name} enabled`} />
          <span>{t.enabled ? 'On' : 'Off'}</span>
        </label>
      </div>
      <p className="muted">{whenSent(t)}</p>
      <p className="prewrap">{t.message}</p>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="host-actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onEdit} aria-label={`Edit ${t.name}`}>
          Edit
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDelete} aria-label={`Delete ${t.name}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

/** /scheduled: the host's scheduled message templates (host view only), with on/off, edit, delete and create. */
export default function ScheduledRoute() {
  const toast = useToast();
  const templates = useTemplates();
  const { remove } = useTemplateMutations();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Scheduled Messages | Upcar';
  }, []);
  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting._id, {
      onSuccess: (a) => {
        toast.show(a.message || 'Template deleted', 'success');
        setDeleting(null);
      },
      onError: (e) => setDeleteError(errorMessage(e, 'The template could not be deleted.')),
    });
  };
  return (
    <main id="main" className="page page--narrow host-page">
      <div className="host-section__head">
        <h1>Scheduled Messages</h1>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          New template
        </button>
      </div>
      <p className="muted">Messages sent to your guests in the trip's chat at the moments you choose (held between 9 PM and 9 AM).</p>
      {templates.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : templates.isError ? (
        <p role="alert">{errorMessage(templates.error, 'Your templates could not be loaded.')}</p>
      ) : templates.data.data.length === 0 ? (
        <p className="empty">No templates. Create one to greet or remind your guests.</p>
      ) : (
        <ul className="host-templates" aria-label="Templates">
          {templates.data.data.map((t) => (
            <TemplateItem key={t._id} t={t} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)} />
          ))}
        </ul>
      )}
      {editing && (
        <Modal title={editing === 'new' ? 'New template' : `Edit ${editing.name}`} onClose={() => setEditing(null)} size="lg">
          <TemplateForm template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </Modal>
      )}
      {deleting && (
        <Modal title={`Delete ${deleting.name}?`} size="sm" onClose={() => setDeleting(null)} closeDisabled={remove.isPending}>
          <p>It will no longer be sent to your guests.</p>
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
              Delete
            </button>
          </div>
        </Modal>
      )}
    </main>
  );
}
