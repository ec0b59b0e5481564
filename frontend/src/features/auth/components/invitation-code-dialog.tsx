import { useEffect, useRef, useState } from 'react';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useInvitationCode } from '../api/get-invitation-code';

/** How long "Copied" shows after a copy (spec 001 section 9). */
export const COPIED_MS = 1000;

/** Copies `text`: the clipboard API where the page may use it, else a selected text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand?.('copy') ?? false;
    area.remove();
    return ok;
  }
}

/**
 * The invitation-code dialog (spec 001 section 2): the member's own code for colleagues to sign
 * up with (membership is by invitation, spec 002 section 1), with a Copy button that reads
 * 'Copied' for 1 second, and a link that opens sign-up with the code filled in.
 */
export function InvitationCodeDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const code = useInvitationCode(userId);
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const link = code.data ? `${window.location.origin}/?referralCode=${encodeURIComponent(code.data.code)}` : '';
  const copy = async (what: 'code' | 'link', text: string) => {
    if (!(await copyText(text))) return;
    setCopied(what);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  };
  return (
    <Modal title="Invite a colleague" onClose={onClose} size="sm">
      <p>Upcar is for verified professionals. Colleagues sign up with your invitation code.</p>
      {code.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : code.isError ? (
        <p role="alert" className="form__error">
          {errorMessage(code.error, 'Your invitation code could not be loaded.')}
        </p>
      ) : (
        <div className="invite-code">
          <p className="invite-code__code" data-testid="invitation-code">
            {code.data.code}
          </p>
          <div className="invite-code__actions">
            <button type="button" className="btn btn--primary" onClick={() => void copy('code', code.data.code)} disabled={code.data.remaining <= 0}>
              {copied === 'code' ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => void copy('link', link)} disabled={code.data.remaining <= 0}>
              {copied === 'link' ? 'Copied' : 'Copy sign-up link'}
            </button>
          </div>
          <p className="muted" data-testid="invitation-uses">
            {code.data.remaining > 0
              ? `${code.data.remaining} of ${code.data.maxUses} sign-ups left`
              : `All ${code.data.maxUses} sign-ups of this code are used.`}
          </p>
          <span className="sr-only" aria-live="polite">
            {copied ? 'Copied' : ''}
          </span>
        </div>
      )}
    </Modal>
  );
}
