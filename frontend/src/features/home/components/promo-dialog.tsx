import { useEffect, useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { useSession } from '@/lib/auth';
import { EMAIL_RE, sanitize } from '@/lib/sanitize';
import { useStorePotentialUser } from '@/api/store-potential-user';

const SHOWN_KEY = 'email-capture-shown';
const PAID_MARKERS = ['gclid', 'fbclid', 'msclkid', 'ttclid', 'wbraid', 'gbraid', 'dclid', 'li_fat_id', 'utm_campaign', 'utm_source', 'utm_medium'];

/** An arrival from a paid-advertising link: any click id, campaign or utm marker. */
export function isPaidArrival(search: string): boolean {
  const q = new URLSearchParams(search);
  return PAID_MARKERS.some((k) => q.has(k)) || (q.get('source') === 'google' && q.get('medium') === 'cpc');
}

/** Spec 000 section 4.3: email capture once per browser, 10 s after load, for paid arrivals. */
export function PromoDialog({ delayMs = 10_000 }: { delayMs?: number }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState(false);
  const store = useStorePotentialUser();

  useEffect(() => {
    if (session || localStorage.getItem(SHOWN_KEY) || !isPaidArrival(location.search)) return;
    const t = window.setTimeout(() => {
      setOpen(true);
      localStorage.setItem(SHOWN_KEY, 'true');
    }, delayMs);
    return () => window.clearTimeout(t);
  }, [session, delayMs]);

  useEffect(() => {
    if (!thanks) return;
    const t = window.setTimeout(() => setOpen(false), 2000);
    return () => window.clearTimeout(t);
  }, [thanks]);

  if (!open) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = email.trim();
    if (!v) return setError('Please enter your email address');
    if (!EMAIL_RE.test(v)) return setError('Please enter a valid email address');
    store.mutate(sanitize(v, 'email'), { onSuccess: () => setThanks(true), onError: () => setError('Something went wrong. Please try again.') });
  };
  return (
    <Modal title="Save $50 on first trip" onClose={() => setOpen(false)} closeDisabled={store.isPending} size="sm">
      {thanks ? (
        <p role="status">Thank you! Your offer is on its way to your inbox.</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p>Leave your email and we will send you the code.</p>
          <Field id="promo-email" label="Email" error={error ?? undefined}>
            <input
              id="promo-email"
              className="input"
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'promo-email-error' : undefined}
            />
          </Field>
          <button className="btn btn--primary btn--block" type="submit" disabled={store.isPending}>
            {store.isPending ? 'Sending...' : 'Get my $50'}
          </button>
        </form>
      )}
    </Modal>
  );
}
