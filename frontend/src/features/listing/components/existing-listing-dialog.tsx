import { Modal } from '@/components/modal';

type Props = {
  message: string;
  busy: boolean;
  error: string | null;
  onContinue: () => void;
  onStartNew: () => void;
  onClose: () => void;
};

/** 'Existing Car Listing' (spec 001 section 2): the server's message, Continue Listing or Start New Listing. */
export function ExistingListingDialog({ message, busy, error, onContinue, onStartNew, onClose }: Props) {
  return (
    <Modal title="Existing Car Listing" onClose={onClose} closeDisabled={busy} size="sm">
      <div className="form" data-testid="existing-listing-dialog">
        <p>{message}</p>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <div className="listing-actions">
          <button type="button" className="btn btn--outline" onClick={onStartNew} disabled={busy}>
            Start New Listing
          </button>
          <button type="button" className="btn btn--primary" onClick={onContinue} disabled={busy}>
            Continue Listing
          </button>
        </div>
      </div>
    </Modal>
  );
}
