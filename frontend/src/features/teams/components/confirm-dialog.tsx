import { Modal } from '@/components/modal';

/** A yes/no question before something that cannot be undone; the refusal's text stays in the dialog. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  error,
}: {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: React.ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose} closeDisabled={pending} size="sm">
      <div className="teams-confirm">
        {children}
        {error && (
          <div role="alert" className="form__error">
            {error}
          </div>
        )}
        <div className="teams-actions">
          <button type="button" className="btn btn--outline" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary teams-danger" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending ? 'Working…' : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
