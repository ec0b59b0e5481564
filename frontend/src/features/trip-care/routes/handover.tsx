import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import { useTrip } from '@/api/get-trip';
import { uploadFiles } from '@/api/upload-photos';
import { useSession } from '@/lib/auth';
import { useTripPhotos, type TripPhotos } from '../api/get-trip-photos';
import { useHandover, type HandoverKind, type PhotoGroup } from '../api/handover';
import { CarePage } from '../components/care-page';
import { PhotoChooser } from '../components/photo-chooser';
import { CAN_CHECK_IN, CAN_CHECK_OUT, checkInOpensAt, isCheckInOpen, msUntilCheckIn } from '../lib/check-in-window';
import { AT_LEAST_ONE, UPLOAD_FAILED } from '../lib/photo-target';
import { preparePhoto } from '../lib/photo-rules';
import '../trip-care.css';

const TEXT = {
  'check-in': { title: 'Check in', tab: 'Check in', done: 'Checked in: your photos are recorded.', verb: 'Check in', recorded: 'Check-in photos recorded' },
  'check-out': { title: 'Check out', tab: 'Check out', done: 'Checked out: your photos are recorded.', verb: 'Check out', recorded: 'Checkout photos recorded' },
} as const;

const GROUPS: { type: PhotoGroup; label: string; hint: string }[] = [
  { type: 'exterior', label: 'Exterior photos', hint: 'All four sides, the wheels and any mark already there.' },
  { type: 'interior', label: 'Interior photos', hint: 'Seats, dashboard with the mileage and fuel or charge level, and the trunk.' },
];

/** Re-renders when `at` (ms from now) passes, so a page left open enables itself. */
function useRerenderIn(ms: number) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (ms <= 0) return;
    // setTimeout holds at most about 24.8 days; a page left open that long checks again then.
    const t = setTimeout(() => tick((n) => n + 1), Math.min(ms + 250, 2_000_000_000));
    return () => clearTimeout(t);
  }, [ms]);
}

/** /trip/check-in and /trip/check-out?tripId=: exterior and interior photos, sent as the handover's record. */
export default function HandoverRoute({ kind }: { kind: HandoverKind }) {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  const text = TEXT[kind];
  return (
    <CarePage title={text.title} documentTitle={text.tab} tripId={tripId} testId={`trip-${kind}`}>
      <Handover kind={kind} tripId={tripId} />
    </CarePage>
  );
}

function Handover({ kind, tripId }: { kind: HandoverKind; tripId: string }) {
  const text = TEXT[kind];
  // Asked only when signed in (the call needs the token).
  const session = useSession();
  const trip = useTrip(tripId, { enabled: Boolean(tripId && session) });
  const photos = useTripPhotos(tripId);
  const send = useHandover(kind);
  const [files, setFiles] = useState<Record<PhotoGroup, File[]>>({ exterior: [], interior: [] });
  const [progress, setProgress] = useState<Record<PhotoGroup, number[] | undefined>>({ exterior: undefined, interior: undefined });
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = trip.data?.startTime;
  useRerenderIn(kind === 'check-in' ? msUntilCheckIn(start) : 0);

  if (trip.isPending) return <Skeleton className="skeleton--block" />;
  if (trip.isError) return <p role="alert">{errorMessage(trip.error, 'This trip could not be loaded.')}</p>;
  const t = trip.data;
  const tz = t.timeZone;
  const opensAt = checkInOpensAt(start);
  const windowOpen = kind === 'check-out' || isCheckInOpen(start);
  const statusOk = (kind === 'check-in' ? CAN_CHECK_IN : CAN_CHECK_OUT).has(t.status);
  const count = files.exterior.length + files.interior.length;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(false);
    if (count === 0) {
      setError(AT_LEAST_ONE);
      return;
    }
    setBusy(true);
    try {
      // Exterior first: the first call is the one that moves the trip.
      for (const g of GROUPS) {
        const chosen = files[g.type];
        if (chosen.length === 0) continue;
        const prepared = await Promise.all(chosen.map(preparePhoto));
        setProgress((p) => ({ ...p, [g.type]: prepared.map(() => 0) }));
        const urls = await uploadFiles(prepared, { onProgress: (i, pct) => setProgress((p) => ({ ...p, [g.type]: (p[g.type] ?? []).map((v, n) => (n === i ? pct : v)) })), fallback: UPLOAD_FAILED });
        await send.mutateAsync({ tripId, type: g.type, photoUrls: urls });
        setFiles((f) => ({ ...f, [g.type]: [] }));
        setProgress((p) => ({ ...p, [g.type]: undefined }));
      }
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, 'Error uploading images. Please try again.'));
      setProgress({ exterior: undefined, interior: undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="panel trip-care__trip" aria-label="Trip">
        <h2>{t.carName}</h2>
        <p>
          {formatInTimeZone(t.startTime, tz)} – {formatInTimeZone(t.endTime, tz)}
        </p>
        {t.reservationNumber && <p className="muted">Reservation number: {t.reservationNumber}</p>}
      </section>

      <section className="trip-care__rule" aria-labelledby="rule-title">
        <h2 id="rule-title">The 30-minute rule</h2>
        {kind === 'check-in' ? (
          <p>
            Photos of the car's outside and inside are the record of its condition when you take it. Check-in opens 30 minutes before your trip starts, and you can add photos
            for 30 minutes after you check in.
          </p>
        ) : (
          <p>Photos of the car's outside and inside are the record of its condition when you return it. You can add photos for 30 minutes after you check out.</p>
        )}
        {kind === 'check-in' && opensAt && (
          <p data-testid="check-in-opens">
            {windowOpen ? 'Check-in opened' : 'Check-in opens'} <strong>{formatInTimeZone(opensAt.toISOString(), tz)}</strong> (the car's time).
          </p>
        )}
      </section>

      {!statusOk && (
        <p className="trip-care__note" data-testid="status-note">
          {kind === 'check-in'
            ? t.status === 'requested'
              ? 'The host has not confirmed this trip yet.'
              : 'This trip cannot be checked in any more.'
            : 'Check out after you check in.'}{' '}
          {kind === 'check-out' && t.status === 'confirmed' && <Link to={`/trip/check-in?tripId=${encodeURIComponent(tripId)}`}>Go to check-in</Link>}
        </p>
      )}

      <form className="form trip-care__form" onSubmit={submit} noValidate aria-describedby={problem ? 'photo-problem' : undefined}>
        {GROUPS.map((g) => (
          <PhotoChooser
            key={g.type}
            label={g.label}
            hint={g.hint}
            files={files[g.type]}
            onChange={(list) => setFiles((f) => ({ ...f, [g.type]: list }))}
            onProblem={setProblem}
            progress={progress[g.type]}
            disabled={busy}
          />
        ))}
        {problem && (
          <p className="form__error" id="photo-problem" role="alert">
            {problem}
          </p>
        )}
        {error && (
          <p className="form__error" role="alert" data-testid="handover-error">
            {error}
          </p>
        )}
        {done && (
          <p className="form__success" role="status" data-testid="handover-done">
            {text.done}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy || !windowOpen || !statusOk}>
          {busy ? 'Uploading...' : text.verb}
        </button>
      </form>

      <RecordedPhotos kind={kind} title={text.recorded} photos={photos.data} loading={photos.isPending} error={photos.isError ? errorMessage(photos.error, '') : null} timeZone={tz} />
    </>
  );
}

function RecordedPhotos({ kind, title, photos, loading, error, timeZone }: { kind: HandoverKind; title: string; photos?: TripPhotos; loading: boolean; error: string | null; timeZone: string }) {
  const set = photos ? (kind === 'check-in' ? photos.checkIn : photos.checkout) : null;
  return (
    <section className="trip-care__recorded" aria-labelledby="recorded-title">
      <h2 id="recorded-title">{title}</h2>
      {loading ? (
        <Skeleton className="skeleton--line" />
      ) : error !== null ? (
        <p className="muted">{error || 'The photos could not be loaded.'}</p>
      ) : !set || set.photos.length === 0 ? (
        <p className="muted">No photos yet.</p>
      ) : (
        GROUPS.map((g) => {
          const list = set.photos.filter((p) => p.type === g.type);
          if (list.length === 0) return null;
          return (
            <div key={g.type}>
              <h3>
                {g.label} ({list.length})
              </h3>
              <ul className="trip-care__gallery" data-testid={`recorded-${g.type}`}>
                {list.map((p) => (
                  <li key={p.url}>
                    <a href={p.url} target="_blank" rel="noreferrer">
                      <img src={p.url} alt={`${g.label.replace(/s$/, '')} taken ${formatInTimeZone(p.takenAt, timeZone)}`} width={120} height={90} loading="lazy" />
                    </a>
                    <span className="muted">
                      {formatInTimeZone(p.takenAt, timeZone)} · {p.uploadedBy}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}
