import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { uploadFiles } from '@/api/upload-photos';
import { useSession } from '@/lib/auth';
import { getToken } from '@/lib/session';
import { useAttachReportPhotos } from '../api/attach-report-photos';
import { useTrip } from '@/api/get-trip';
import { useTripPhotos } from '../api/get-trip-photos';
import { CarePage, tripPath } from '../components/care-page';
import { PhotoChooser } from '../components/photo-chooser';
import { AT_LEAST_ONE, photoPath, selectionText, TOKEN_MISSING, UPLOAD_FAILED } from '../lib/photo-target';
import { preparePhoto } from '../lib/photo-rules';
import '../trip-care.css';

type Mode = 'gallery' | 'new';

/**
 * /trip/photos/:kind/:category?tripId= (spec 002 section 2, the photo attach screen). The path's
 * last two segments say where the photos go (`attachReportPhotos`): an issue report, a damage
 * report, or an incidence charge. Gallery mode picks among the photos the user already took for
 * this trip; Upload switches to new photos. After attaching, the screen goes back one page.
 */
export default function PhotosRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  const [mode, setMode] = useState<Mode>('gallery');
  return (
    <CarePage title={mode === 'gallery' ? 'Photos' : 'New Photos'} documentTitle="Photos" tripId={tripId} testId="trip-photos">
      <PhotoScreen tripId={tripId} mode={mode} setMode={setMode} />
    </CarePage>
  );
}

function PhotoScreen({ tripId, mode, setMode }: { tripId: string; mode: Mode; setMode: (m: Mode) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { kind, category } = photoPath(location.pathname);
  const attach = useAttachReportPhotos();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Back one page; a screen opened directly (no page before it in the app) goes to the trip.
  const leave = () => (location.key === 'default' ? navigate(tripPath(tripId), { replace: true }) : navigate(-1));

  const send = async (getUrls: () => Promise<string[]>, count: number) => {
    setError(null);
    if (count === 0) return setError(AT_LEAST_ONE);
    if (!getToken()) return setError(TOKEN_MISSING);
    setBusy(true);
    try {
      const photoUrls = await getUrls();
      await attach.mutateAsync({ tripId, kind, category, photoUrls });
      leave();
    } catch (err) {
      setError(errorMessage(err, 'Error uploading images. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <div className="trip-care__photos" data-kind={kind}>
      <p className="muted" data-testid="photo-target">
        {kind === 'report-issue' ? 'For the issue report' : kind === 'report-damage' ? 'For the damage report' : 'For the incidental'}: {category.replace(/_/g, ' ')}
      </p>
      {mode === 'gallery' ? (
        <Gallery tripId={tripId} busy={busy} onUpload={() => { setError(null); setMode('new'); }} onCancel={leave} onAttach={(urls) => send(async () => urls, urls.length)} />
      ) : (
        <NewPhotos busy={busy} onBack={() => { setError(null); setMode('gallery'); }} onClose={leave} onAttach={(files) => send(async () => uploadFiles(await Promise.all(files.map(preparePhoto)), { fallback: UPLOAD_FAILED }), files.length)} />
      )}
      {busy && (
        <p role="status" data-testid="uploading">
          Uploading...
        </p>
      )}
      {error && (
        <p className="form__error" role="alert" data-testid="photos-error">
          {error}
        </p>
      )}
    </div>
  );
}

type GalleryProps = { tripId: string; busy: boolean; onUpload: () => void; onCancel: () => void; onAttach: (urls: string[]) => void };

/** The photos the user took for this trip (check-in and checkout), a checkbox each. */
function Gallery({ tripId, busy, onUpload, onCancel, onAttach }: GalleryProps) {
  // Asked only when signed in (the call needs the token).
  const session = useSession();
  const trip = useTrip(tripId, { enabled: Boolean(tripId && session) });
  const photos = useTripPhotos(tripId);
  const [picked, setPicked] = useState<string[]>([]);
  const role = trip.data?.viewerRole;
  // Only the user's own uploads may be attached (the server refuses others').
  const own = photos.data ? [...photos.data.checkIn.photos, ...photos.data.checkout.photos].filter((p) => !role || p.uploadedBy === role) : [];
  const toggle = (url: string) => setPicked((p) => (p.includes(url) ? p.filter((u) => u !== url) : [...p, url]));

  return (
    <>
      <div className="trip-care__actions">
        <button type="button" className="btn btn--outline" onClick={onUpload} disabled={busy}>
          Upload
        </button>
      </div>
      {photos.isPending || trip.isPending ? (
        <Skeleton className="skeleton--block" />
      ) : own.length === 0 ? (
        <p className="empty" data-testid="no-photos">
          No Photos Found
        </p>
      ) : (
        <ul className="trip-care__pick" aria-label="Your photos of this trip">
          {own.map((p, i) => (
            <li key={p.url}>
              <label>
                <input type="checkbox" checked={picked.includes(p.url)} onChange={() => toggle(p.url)} disabled={busy} />
                <img src={p.url} alt="" width={120} height={90} loading="lazy" />
                <span className="sr-only">
                  Photo {i + 1}, {p.type}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="trip-care__actions">
        <button type="button" className="btn btn--primary" onClick={() => onAttach(picked)} disabled={busy}>
          Attach Photos
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </>
  );
}

type NewProps = { busy: boolean; onBack: () => void; onClose: () => void; onAttach: (files: File[]) => void };

function NewPhotos({ busy, onBack, onClose, onAttach }: NewProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <PhotoChooser label="Choose photos" files={files} onChange={setFiles} onProblem={setProblem} disabled={busy} />
      <p aria-live="polite" data-testid="selection-count">
        {selectionText(files.length)}
      </p>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="trip-care__actions">
        <button type="button" className="btn btn--primary" onClick={() => onAttach(files)} disabled={busy}>
          Attach Photos
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
          Close
        </button>
        <button type="button" className="btn btn--outline" onClick={onBack} disabled={busy}>
          Back
        </button>
      </div>
    </>
  );
}
