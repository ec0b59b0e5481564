import { useEffect, useId, useRef, useState } from 'react';
import { moveItem, PHOTO_ACCEPT } from '@/lib/photos/image-rules';
import { browserPhotoTools } from '@/lib/photos/photo-tools';
import { preparePhoto, type PhotoTools } from '@/lib/photos/prepare-photo';
import './photo-manager.css';

/** "photo error list clears after 5 s" (spec 001 section 9). */
export const PHOTO_ERRORS_CLEAR_MS = 5000;

export type ManagedPhoto = {
  id: string;
  name: string;
  /** What the thumbnail shows: the prepared JPEG (a blob URL), or the saved photo's URL. */
  preview: string;
  /** The photo's permanent URL once uploaded. */
  url: string | null;
  progress: number;
};

/** The upload calls, given by the feature (its API client and messages). */
export type PhotoUploads = {
  /** One signed upload link per file, in order. */
  presign: (files: File[]) => Promise<{ presignedUrl: string; s3Url: string }[]>;
  /** One PUT with its progress; the refusal's text names the file. */
  put: (url: string, file: File, onProgress: (pct: number) => void) => Promise<void>;
  /** "Error uploading images: {reason}". */
  failed: (reason: string) => string;
};

let nextId = 0;
const newId = () => `photo-${(nextId += 1)}`;
const nameOf = (url: string) => decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() || 'photo');

/** Saved photos as the list starts: the main photo first. */
export function savedPhotos(urls: readonly string[], primary?: string | null): ManagedPhoto[] {
  const list = urls.map((url) => ({ id: newId(), name: nameOf(url), preview: url, url, progress: 100 }));
  if (primary) list.sort((a, b) => Number(b.url === primary) - Number(a.url === primary));
  return list;
}

/**
 * A car's photos being edited (spec 001 sections 4, 5 and 9): JPEG, PNG and HEIC/HEIF
 * (converted), size and resolution checked in the browser, each sent as a JPEG of at most 2 MB
 * and 1920 px through a signed upload with its progress; reorder, remove, choose the main photo
 * (the first). Errors clear after 5 s. Used by the listing wizard and the car's details page.
 */
export function usePhotoList(initial: ManagedPhoto[], uploads: PhotoUploads, tools: PhotoTools = browserPhotoTools) {
  const [photos, setPhotos] = useState<ManagedPhoto[]>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(0);
  const blobs = useRef(new Set<string>());
  const focusAfter = useRef<{ id: string; action: string } | null>(null);

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

  const update = (id: string, patch: Partial<ManagedPhoto>) => setPhotos((ps) => ps.map((p) => (p.id === id ? { ...p, ...patch } : p)));
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
        links = await uploads.presign(ready);
      } catch (e) {
        drop(items.map((i) => i.id));
        setErrors([...problems, uploads.failed(e instanceof Error && e.message ? e.message : 'the upload could not start')]);
        return;
      }
      const failed: string[] = [];
      await Promise.all(
        links.map((link, i) =>
          uploads
            .put(link.presignedUrl, ready[i], (pct) => update(items[i].id, { progress: pct }))
            .then(() => update(items[i].id, { url: link.s3Url, progress: 100 }))
            .catch((e: unknown) => {
              drop([items[i].id]);
              failed.push(uploads.failed(e instanceof Error ? e.message : String(e)));
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
  const makeMain = (id: string) => {
    focusAfter.current = { id, action: 'right' };
    setPhotos((ps) => moveItem(ps, ps.findIndex((p) => p.id === id), 0));
  };

  return {
    photos,
    errors,
    setErrors,
    busy: busy > 0,
    /** Still preparing or sending a photo. */
    uploading: busy > 0 || photos.some((p) => !p.url),
    /** The uploaded photos' URLs in order, the main one first. */
    urls: photos.filter((p) => p.url).map((p) => p.url as string),
    add,
    move,
    makeMain,
    remove: (id: string) => drop([id]),
    clear: () => drop(photos.map((p) => p.id)),
    /** Back to the saved state (a cancelled edit). */
    reset: (to: ManagedPhoto[]) => {
      drop(photos.map((p) => p.id));
      setPhotos(to);
      setErrors([]);
    },
  };
}

export type PhotoList = ReturnType<typeof usePhotoList>;

/** The picker, the error list and the photos with their progress and buttons. */
export function PhotoListView({ list, disabled = false, label = 'Your photos' }: { list: PhotoList; disabled?: boolean; label?: string }) {
  const inputId = useId();
  const { photos } = list;
  return (
    <>
      <div className="photo-picker__buttons">
        <input
          id={inputId}
          className="sr-only photo-picker__input"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          disabled={disabled}
          data-testid="photo-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            void list.add(files);
          }}
        />
        <label htmlFor={inputId} className="btn btn--outline">
          Choose photos
        </label>
        {list.busy && (
          <span className="muted" role="status">
            Preparing and uploading…
          </span>
        )}
      </div>
      {list.errors.length > 0 && (
        <div role="alert" data-testid="photo-errors">
          <ul className="photo-manager__errors">
            {list.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {photos.length > 0 ? (
        <ol className="photo-manager" aria-label={label} data-testid="photo-list">
          {photos.map((p, i) => (
            <li key={p.id} className="photo-manager__item" data-testid="photo-item" data-url={p.url ?? ''}>
              <img src={p.preview} alt={`Photo ${i + 1}: ${p.name}`} />
              <div className="photo-manager__meta">
                <span className="photo-manager__name" title={p.name}>
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
              {!disabled && (
                <div className="photo-manager__actions">
                  <button type="button" className="btn btn--sm btn--ghost" data-photo={p.id} data-action="left" aria-label={`Move ${p.name} left`} disabled={i === 0} onClick={() => list.move(p.id, -1, 'left')}>
                    ←
                  </button>
                  <button type="button" className="btn btn--sm btn--ghost" data-photo={p.id} data-action="right" aria-label={`Move ${p.name} right`} disabled={i === photos.length - 1} onClick={() => list.move(p.id, 1, 'right')}>
                    →
                  </button>
                  {i > 0 && (
                    <button type="button" className="btn btn--sm btn--ghost" aria-label={`Make ${p.name} the main photo`} onClick={() => list.makeMain(p.id)}>
                      Main
                    </button>
                  )}
                  <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${p.name}`} onClick={() => list.remove(p.id)}>
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No photos yet.</p>
      )}
    </>
  );
}
