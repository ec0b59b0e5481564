import { useEffect, useState } from 'react';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { useReportListing } from '../api/report-listing';

const TYPES = ['Inaccurate listing', 'Misleading photos', 'Unsafe vehicle', 'Suspected fraud', 'Other'];

/** Flag This Ride: both fields required; success shows for 2 s and the modal closes. */
export function ReportModal({ carId, policy, onClose }: { carId: string; policy: string; onClose: () => void }) {
  const [type, setType] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = useReportListing(carId);
  useEffect(() => {
    if (!report.isSuccess) return;
    const t = window.setTimeout(onClose, 2000);
    return () => window.clearTimeout(t);
  }, [report.isSuccess, onClose]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!type) errs.type = 'Report type is required';
    if (!reason.trim()) errs.reason = 'Reason is required';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    report.mutate({ reportType: type, reason: reason.trim() });
  };
  return (
    <Modal title="Flag This Ride" onClose={onClose} closeDisabled={report.isPending}>
      {report.isSuccess ? (
        <p role="status" className="form__success">
          Report submitted successfully!
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">{policy}</p>
          <Field id="report-type" label="What is wrong?" error={errors.type}>
            <select id="report-type" className="input" value={type} onChange={(e) => setType(e.target.value)} aria-invalid={Boolean(errors.type)}>
              <option value="">Choose one</option>
              {TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
          <Field id="report-reason" label="Tell us more" error={errors.reason}>
            <textarea id="report-reason" className="input" rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={Boolean(errors.reason)} />
          </Field>
          {report.isError && (
            <p className="form__error" role="alert">
              Failed to submit the report. Please try again.
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={report.isPending}>
            {report.isPending ? 'Submitting...' : 'Submit report'}
          </button>
        </form>
      )}
    </Modal>
  );
}
