import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/field';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { userIdOf } from '@/lib/session';
import { useIsMobile } from '@/lib/use-debounced';
import { useMe } from '@/api/get-me';
import { DRIVER } from '@/api/policy';
import { queryKeys } from '@/api/query-keys';
import type { Schemas } from '@/api/types';
import { useDriverDocuments, useDriverLicense, useTempToken, useUpdateProfile } from '../api/verification';
import { DocumentUpload } from '../components/document-upload';
import { EmailVerificationBox } from '../components/email-verification-box';
import { LicenseForm } from '../components/license-form';
import { PaymentForm } from '../components/payment-form';

const QrCode = lazy(() => import('@/components/qr-code'));

/** Old enough to rent by the terms (the server decides again; this only saves a round trip). */
function isAdult(dob: string, now = new Date()): boolean {
  const d = new Date(dob);
  if (Number.isNaN(d.getTime())) return false;
  const ofAge = new Date(d.getFullYear() + DRIVER.minimumAge, d.getMonth(), d.getDate());
  return ofAge <= now;
}

/** A same-site path to come back to, else null (never another origin). */
function safeNextPage(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * /verification/prebook: what the booking gate found missing, then on to checkout. With
 * `nextPage` (the additional-driver invitation) only what a driver needs is asked (date of birth,
 * licence photos, its details and a selfie; no card, the driver does not pay) and the page ends
 * with a link back.
 */
export default function PrebookRoute() {
  const [q] = useSearchParams();
  const nextPage = safeNextPage(q.get('nextPage'));
  const title = nextPage ? 'Verify to drive' : 'Verify to book';
  const session = useSession();
  const userId = userIdOf(session?.user) ?? '';
  const me = useMe(userId);
  const docs = useDriverDocuments();
  const qc = useQueryClient();
  const mobile = useIsMobile();
  const profile = useUpdateProfile(userId);
  const [dob, setDob] = useState('');
  const [dobError, setDobError] = useState<string | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const onCardReady = useCallback((r: boolean) => setCardReady(r), []);
  const needed: Partial<Schemas['PreBookVerifNeededFields']> = me.data?.preBookVerifNeededFields ?? {};
  const dlMissing = Boolean(needed.dlUploadNeeded);
  const license = useDriverLicense(Boolean(session));
  const [editingLicense, setEditingLicense] = useState(false);
  // dlUploadNeeded covers the photos and the licence's details: each part is asked on its own.
  const photosMissing = dlMissing && docs.data?.status !== 'uploaded';
  const today = new Date().toISOString().slice(0, 10);
  const licenseMissing = dlMissing && license.isSuccess && (!license.data?.expirationDate || license.data.expirationDate < today);
  const tempToken = useTempToken(Boolean(photosMissing && !mobile));

  useEffect(() => {
    document.title = `${title} | Upcar`;
  }, [title]);

  if (!session)
    return (
      <main id="main" className="page page--narrow">
        <h1>{title}</h1>
        <p>
          Please <Link to={`/login-static?nextPage=${encodeURIComponent(`/verification/prebook?${q}`)}`}>log in</Link> first.
        </p>
      </main>
    );
  if (me.isPending)
    return (
      <main id="main" className="page page--narrow">
        <h1>{title}</h1>
        <Skeleton className="skeleton--block" />
      </main>
    );
  if (me.isError)
    return (
      <main id="main" className="page page--narrow">
        <h1>{title}</h1>
        <p role="alert">Failed to fetch user details</p>
      </main>
    );

  const u = me.data;
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.me(userId) });
    void qc.invalidateQueries({ queryKey: queryKeys.driverDocuments.all });
  };
  const hasPayment = u.hasPaymentMethod === true || cardReady;
  const complete = nextPage ? !needed.dob && !dlMissing : !needed.dob && needed.emailVerified === true && !dlMissing && hasPayment;
  const d = docs.data;

  return (
    <main id="main" className="page page--narrow">
      <h1>{title}</h1>
      <p>{nextPage ? 'Upcar drivers are verified members. Finish these steps once, then go back to accept your invitation.' : 'Upcar is for verified members. Finish these steps once and book any car.'}</p>
      <div className="steps">
        {!nextPage && !needed.emailVerified && <EmailVerificationBox email={String(u.email ?? '')} firstName={String(u.firstName ?? '')} userId={userId} onVerified={refresh} />}
        {needed.dob && (
          <section className="panel" aria-labelledby="dob-title">
            <h2 id="dob-title">Date of birth</h2>
            <form
              className="form"
              onSubmit={(e) => {
                e.preventDefault();
                if (!isAdult(dob)) return setDobError(`You must be ${DRIVER.minimumAge} or older to rent.`);
                setDobError(null);
                profile.mutate({ dob }, { onError: (err) => setDobError(errorMessage(err, 'An error occurred. Please try again.')) });
              }}
            >
              <Field id="dob" label="Date of birth" error={dobError ?? undefined}>
                <input id="dob" type="date" className="input" value={dob} onChange={(e) => setDob(e.target.value)} />
              </Field>
              <button type="submit" className="btn btn--primary" disabled={!dob || profile.isPending}>
                Save
              </button>
            </form>
          </section>
        )}
        {photosMissing && (
          <section className="panel" aria-labelledby="dl-title">
            <h2 id="dl-title">Driver licence and selfie</h2>
            {!mobile && (
              <div className="featured__box">
                <div>
                  <p>Scan with your phone to take the photos there.</p>
                  {tempToken.data ? (
                    <Suspense fallback={<div className="qr qr--placeholder" />}>
                      <QrCode value={`${location.origin}${tempToken.data.url}`} label="QR code to continue on your phone" />
                    </Suspense>
                  ) : (
                    <div className="qr qr--placeholder" />
                  )}
                </div>
                <p className="muted">Or upload the files from this computer:</p>
              </div>
            )}
            {/* The documents' status could not be read (spec 002 section 8): uploading still works. */}
            {docs.isError && (
              <p role="alert" className="form__error" data-testid="dl-status-error">
                Error fetching DL details
              </p>
            )}
            <DocumentUpload type="dl" done={Boolean(d?.dlStorageKey)} onUploaded={refresh} />
            <DocumentUpload type="dlBackSide" done={Boolean(d?.dlBackSideStorageKey)} onUploaded={refresh} />
            <DocumentUpload type="selfie" done={Boolean(d?.selfieStorageKey)} onUploaded={refresh} />
          </section>
        )}
        {licenseMissing || editingLicense ? (
          <LicenseForm
            userId={userId}
            current={license.data}
            onSaved={() => {
              setEditingLicense(false);
              refresh();
            }}
          />
        ) : (
          license.data?.expirationDate && (
            // A licence on file: a trip can end no later than its expiry, so a renewed one is entered here.
            <section className="panel" aria-labelledby="license-on-file">
              <h2 id="license-on-file">Your licence</h2>
              <p>
                Licence {license.data.licenseNumber} is valid through {license.data.expirationDate}. A trip can end no later than that day.
              </p>
              <button type="button" className="btn" onClick={() => setEditingLicense(true)}>
                Update licence details
              </button>
            </section>
          )
        )}
        {!nextPage && u.hasPaymentMethod !== true && <PaymentForm userId={userId} onReady={onCardReady} allowCancel={false} />}
        {nextPage ? (
          complete ? (
            <Link className="btn btn--primary btn--block" to={nextPage}>
              Continue
            </Link>
          ) : (
            <p className="muted">Finish the steps above to continue.</p>
          )
        ) : complete ? (
          <Link className="btn btn--primary btn--block" to={`/checkout?${q}`}>
            Continue to checkout
          </Link>
        ) : (
          <p className="muted">Finish the steps above to continue to checkout.</p>
        )}
      </div>
    </main>
  );
}
