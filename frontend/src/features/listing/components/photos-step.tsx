import { useEffect, useId, useRef, useState } from 'react';
import { presignUploads, putFile } from '../api/upload-photos';
import { PHOTO_ERRORS_CLEAR_MS } from '../lib/constants';
import { moveItem, PHOTO_ACCEPT } from '../lib/image-rules';
import { MSG } from '../lib/messages';
import { browserPhotoTools } from '../lib/photo-tools';
import { preparePhoto, type PhotoTools } from '../lib/prepare-photo';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

type Photo = {
  id: string;
  name: string;
  /** What the thumbnail shows: the prepared JPEG (a blob URL), or the saved photo's URL. */
  preview: string;
  /** The photo's permanent URL once uploaded. */
  url: string | null;
  progress: number;
};

const EXAMPLES = [
  { title: 'Front three-quarter', text: 'The whole car from a front corner: the photo guests see first.' },
  { title: 'Side', text: 'The full length of the car, wheels and all.' },
  { title: 'Rear', text: 'The back of the car, the plate may show.' },
  { title: 'Front seats', text: 'From the open driver door.' },
  { title: 'Back seats', text: 'Space and condition of the rear.' },
  { title: 'Dashboard', text: 'Screen, controls and the clean interior.' },
];

let nextId = 0;
const newId = () => `photo-${(nextId += 1)}`;
const nameOf = (url: string) => decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() || 'photo');

/**
 * Photos (spec 001 sections 4, 5 and 9): sub-step 1 shows examples and Add Photos; sub-step 2
 * takes JPEG, PNG and HEIC/HEIF (converted), checks size and resolution in the browser, sends
 * each as a JPEG of at most 2 MB and 1920 px through a signed upload with its progress, and lets
 * the host reorder, remove and choose the main photo (the first). Back there clears the photos.
 * Errors clear after 5 s.
 */
export function PhotosStep({ tools = browserPhotoTools }: { tools?: PhotoTools }) {
  const { draft, back } = useWizard();
  const initial = (draft?.photoUrls ?? []).map((url) => ({ id: newId(), name: nameOf(url), preview: url, url, progress: 100 }));
  // The main photo first, as saved.
  if (draft?.primaryPhotoUrl) initial.sort((a, b) => Number(b.url === draft.primaryPhotoUrl) - Number(a.url === draft.primaryPhotoUrl));
  const [sub, setSub] = useState<1 | 2>(initial.length ? 2 : 1);
  const [photos, setPhotos] = useState<Photo[]>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(0);
  const inputId = useId();
  const blobs = useRef(new Set<string>());
  const focusAfter = useRef<{ id: string; action: string } | null>(null);
  const { save, pending, error } = useStepSave({ failed: MSG.photosFailed, error: MSG.photosError });

  // "Errors clear after 5 seconds."
  useEffect(() => {
    if (!errors.length) return;
    const t = window.setTimeout(() => setErrors([]), PHOTO_ERRORS_CLEAR_MS);
    return () => window.clearTimeout(t);
  }, [errors]);

  useEffect(() => {
    const owned = blobs.current;
    return () => owned.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  // Keyboard users keep their place after a move.
  useEffect(() => {
    const f = focusAfter.current;
    if (!f) return;
    focusAfter.current = null;
    const el = document.querySelector<HTMLButtonElement>(`[data-photo="${f.id}"][data-action="${f.action}"]`);
    if (el && !el.disabled) el.focus();
    else document.querySelector<HTMLButtonElement>(`[data-photo="${f.id}"][data-action="${f.action === 'left' ? 'right' : 'left'}"]`)?.focus();
  }, [photos]);

  const update = (id: string, patch: Partial<Photo>) => setPhotos((ps) => ps.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  const drop = (ids: string[]) =>
    setPhotos((ps) =>
      ps.filter((p) => {
        if (!ids.includes(p.id)) return true;
        if (blobs.current.has(p.preview)) {
          URL.revokeObjectURL(p.preview);
          blobs.current.delete(p.preview);
        }
        return false;
      }),
    );

  const add = async (files: File[]) => {
    if (!files.length) return;
    setBusy((n) => n + 1);
    const problems: string[] = [];
    try {
      const ready: File[] = [];
      for (const f of files) {
        const r = await preparePhoto(f, tools);
        if (r.kind === 'ok') ready.push(r.file);
        else if (r.kind === 'error') problems.push(r.message);
      }
      if (problems.length) setErrors([...problems]);
      if (!ready.length) return;
      const items = ready.map((file) => {
        const preview = URL.createObjectURL(file);
        blobs.current.add(preview);
        return { id: newId(), name: file.name, preview, url: null, progress: 0 };
      });
      setPhotos((ps) => [...ps, ...items]);
      let links;
      try {
        links = await presignUploads(ready);
      } catch (e) {
        drop(items.map((i) => i.id));
        setErrors([...problems, MSG.photoUpload(e instanceof Error && e.message ? e.message : 'the upload could not start')]);
        return;
      }
      const failed: string[] = [];
      await Promise.all(
        links.map((link, i) =>
          putFile(link.presignedUrl, ready[i], (pct) => update(items[i].id, { progress: pct }))
            .then(() => update(items[i].id, { url: link.s3Url, progress: 100 }))
            .catch((e: unknown) => {
              drop([items[i].id]);
              failed.push(MSG.photoUpload(e instanceof Error ? e.message : String(e)));
            }),
        ),
      );
      if (failed.length) setErrors([...problems, ...failed]);
    } finally {
      setBusy((n) => n - 1);
    }
  };

  const move = (id: string, by: -1 | 1, action: string) => {
    focusAfter.current = { id, action };
    setPhotos((ps) => {
      const i = ps.findIndex((p) => p.id === id);
      return moveItem(ps, i, i + by);
    });
  };

  const uploading = busy > 0 || photos.some((p) => !p.url);

  const submit = async () => {
    const done = photos.filter((p) => p.url);
    if (!done.length) {
      setErrors([MSG.photosRequired]);
      return;
    }
    const urls = done.map((p) => p.url as string);
    await save({ sectionName: 'photos', primaryPhotoUrl: urls[0], photoUrls: urls });
  };

  const errorList = errors.length > 0 && (
    <div role="alert" data-testid="photo-errors">
      <ul className="listing-photo-errors">
        {errors.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ul>
    </div>
  );

  if (sub === 1)
    return (
      <StepFrame
        title="Add photos of your car"
        intro="Great photos get more bookings. Shoot in daylight, in landscape, with the whole car in the frame."
        testId="photos-intro"
        onSubmit={() => setSub(2)}
        actions={
          <>
            <BackButton onClick={back} />
            <NextButton pending={false} label="Add Photos" />
          </>
        }
      >
        <ul className="listing-examples" aria-label="Photos to take">
          {EXAMPLES.map((x) => (
            <li key={x.title} className="panel">
              <strong>{x.title}</strong>
              <span className="muted">{x.text}</span>
            </li>
          ))}
        </ul>
        <p className="field__hint">JPEG, PNG or HEIC, up to 20 MB each, at least 360 × 360 pixels. The first photo is the main one.</p>
      </StepFrame>
    );

  return (
    <StepFrame
      title="Upload your photos"
      intro="Use the arrows to put them in order: the first photo is the main one guests see."
      testId="photos-upload"
      error={error}
      onSubmit={() => void submit()}
      actions={
        <>
          <BackButton
            disabled={pending}
            onClick={() => {
              drop(photos.map((p) => p.id));
              setErrors([]);
              setSub(1);
            }}
          />
          <NextButton pending={pending} disabled={uploading} label={uploading ? 'Uploading…' : 'Save and continue'} />
        </>
      }
    >
      <div className="photo-picker__buttons">
        <input
          id={inputId}
          className="sr-only photo-picker__input"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          data-testid="photo-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            void add(files);
          }}
        />
        <label htmlFor={inputId} className="btn btn--outline">
          Choose photos
        </label>
        {busy > 0 && (
          <span className="muted" role="status">
            Preparing and uploading…
          </span>
        )}
      </div>
      {errorList}
      {photos.length > 0 ? (
        <ol className="listing-photos" aria-label="Your photos" data-testid="photo-list">
          {photos.map((p, i) => (
            <li key={p.id} className="listing-photo" data-testid="photo-item" data-url={p.url ?? ''}>
              <img src={p.preview} alt={`Photo ${i + 1}: ${p.name}`} />
              <div className="listing-photo__meta">
                <span className="listing-photo__name" title={p.name}>
                  {p.name}
                </span>
                {i === 0 && <span className="tag">Main photo</span>}
              </div>
              {p.url ? (
                <span className="sr-only">Uploaded</span>
              ) : (
                <div className="progress" role="progressbar" aria-label={`Uploading ${p.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={p.progress}>
                  <span style={{ width: `${p.progress}%` }} />
                </div>
              )}
              <div className="listing-photo__actions">
                <button type="button" className="btn btn--sm btn--ghost" data-photo={p.id} data-action="left" aria-label={`Move ${p.name} left`} disabled={i === 0} onClick={() => move(p.id, -1, 'left')}>
                  ←
                </button>
                <button type="button" className="btn btn--sm btn--ghost" data-photo={p.id} data-action="right" aria-label={`Move ${p.name} right`} disabled={i === photos.length - 1} onClick={() => move(p.id, 1, 'right')}>
                  →
                </button>
                {i > 0 && (
                  <button
                    type="button"
                    className="btn btn--sm btn--ghost"
                    aria-label={`Make ${p.name} the main photo`}
                    onClick={() => {
                      focusAfter.current = { id: p.id, action: 'right' };
                      setPhotos((ps) => moveItem(ps, i, 0));
                    }}
                  >
                    Main
                  </button>
                )}
                <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${p.name}`} onClick={() => drop([p.id])}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No photos yet.</p>
      )}
    </StepFrame>
  );
}
