import { useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { useSession } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { EMAIL_RE, sanitize } from '@/lib/sanitize';
import { userIdOf } from '@/lib/session';
import { useCreateTicket } from '../api/create-ticket';

/** The ticket's texts: spec 000 section 8, and the server's field messages (docs/API.md, support tickets). */
export const TICKET_MESSAGES = {
  failed: 'Failed to create ticket. Please try again.',
  created: 'Service Ticket Created Successfully!',
  followUp: 'Our team will review your ticket and get back to you shortly.',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  nameRequired: 'Name is required',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
} as const;

type Errors = Partial<Record<'name' | 'email' | 'title' | 'description', string>>;

/**
 * The service-ticket modal (spec 000 section 4.8): the form, then submitting, then an error banner
 * or the success view. Name and email are asked of anonymous visitors only: a signed-in member's
 * come from their account on the server.
 */
export function TicketModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const signedIn = Boolean(session);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateTicket();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    if (!signedIn) {
      if (!name.trim()) errs.name = TICKET_MESSAGES.nameRequired;
      const address = sanitize(email, 'email');
      if (!address) errs.email = TICKET_MESSAGES.emailRequired;
      else if (!EMAIL_RE.test(address)) errs.email = TICKET_MESSAGES.emailInvalid;
    }
    if (!title.trim()) errs.title = TICKET_MESSAGES.titleRequired;
    if (!description.trim()) errs.description = TICKET_MESSAGES.descriptionRequired;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBanner(null);
    create.mutate(
      { title: title.trim(), description: description.trim(), name: name.trim(), email: sanitize(email, 'email'), userId: userIdOf(session?.user) },
      {
        onSuccess: (r) => setCreated(r.message || TICKET_MESSAGES.created),
        onError: (err) => setBanner(errorMessage(err, TICKET_MESSAGES.failed)),
      },
    );
  };

  const described = (id: keyof Errors) => (errors[id] ? `ticket-${id}-error` : undefined);
  const who = session ? [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') : '';

  return (
    <Modal title="Create a service ticket" onClose={onClose} closeDisabled={create.isPending}>
      {created !== null ? (
        <div className="pg-ticket-success" data-testid="ticket-success">
          <p className="pg-ticket-success__title" role="status">
            {created}
          </p>
          <p>{TICKET_MESSAGES.followUp}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={create.isPending}>
          {banner && (
            <div className="pg-notice pg-notice--error" role="alert" data-testid="ticket-error">
              {banner}
            </div>
          )}
          {signedIn ? (
            <p className="muted" data-testid="ticket-identity">
              Sent as {who || 'you'}
              {session?.user.email ? ` (${session.user.email})` : ''}. We&apos;ll answer by email and in your tickets.
            </p>
          ) : (
            <div className="form__row">
              <Field id="ticket-name" label="Name" error={errors.name}>
                <input id="ticket-name" className="input" type="text" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} aria-describedby={described('name')} />
              </Field>
              <Field id="ticket-email" label="Email" error={errors.email}>
                <input
                  id="ticket-email"
                  className="input"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={Boolean(errors.email)}
                  aria-describedby={described('email')}
                />
              </Field>
            </div>
          )}
          <Field id="ticket-title" label="Title" error={errors.title}>
            <input id="ticket-title" className="input" type="text" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={Boolean(errors.title)} aria-describedby={described('title')} />
          </Field>
          <Field id="ticket-description" label="Description" error={errors.description}>
            <textarea
              id="ticket-description"
              className="input pg-textarea"
              rows={5}
              maxLength={5000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              aria-invalid={Boolean(errors.description)}
              aria-describedby={described('description')}
            />
          </Field>
          <button className="btn btn--primary btn--block" type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Submit ticket'}
          </button>
        </form>
      )}
    </Modal>
  );
}
