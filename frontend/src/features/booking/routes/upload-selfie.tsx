import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDriverDocuments } from '../api/verification';
import { DocumentUpload } from '../components/document-upload';

/**
 * The phone flow reached from the desktop QR code: a licence step (front and back, 50%), then a
 * selfie step (100%) once both licence sides are uploaded. The temporary token opens only these
 * uploads.
 */
export default function UploadSelfieRoute() {
  const [q] = useSearchParams();
  const token = q.get('token') ?? '';
  const docs = useDriverDocuments(token || undefined);
  const [step, setStep] = useState<'licence' | 'selfie' | 'done'>(q.get('isDlUploaded') === 'true' ? 'selfie' : 'licence');
  const d = docs.data;
  const licenceDone = Boolean(d?.dlStorageKey && d?.dlBackSideStorageKey);
  useEffect(() => {
    document.title = 'Driver verification | Upcar';
  }, []);
  useEffect(() => {
    if (d?.selfieStorageKey && licenceDone) setStep('done');
  }, [d?.selfieStorageKey, licenceDone]);

  if (!token)
    return (
      <main id="main" className="page page--narrow">
        <h1>Driver verification</h1>
        <p role="alert">This link is not valid. Scan the QR code again from your computer.</p>
      </main>
    );
  const pct = step === 'licence' ? 50 : 100;
  return (
    <main id="main" className="page page--narrow">
      <h1>Driver verification</h1>
      <div className="progress" role="progressbar" aria-label="Verification progress" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
        <span style={{ width: `${pct}%` }} />
      </div>
      {docs.isError && <p role="alert">DL and selfie should be uploaded</p>}
      {step === 'licence' && (
        <>
          <h2>Your driving licence</h2>
          <DocumentUpload type="dl" token={token} done={Boolean(d?.dlStorageKey)} />
          <DocumentUpload type="dlBackSide" token={token} done={Boolean(d?.dlBackSideStorageKey)} />
          <button type="button" className="btn btn--primary btn--block" disabled={!licenceDone} onClick={() => setStep('selfie')}>
            Continue
          </button>
        </>
      )}
      {step === 'selfie' && (
        <>
          <h2>A selfie</h2>
          <DocumentUpload type="selfie" token={token} done={Boolean(d?.selfieStorageKey)} onUploaded={() => setStep('done')} />
        </>
      )}
      {step === 'done' && (
        <p role="status" className="form__success">
          All set. You can continue on your computer.
        </p>
      )}
    </main>
  );
}
