import { useEffect, useMemo, useRef } from 'react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ACCEPT, photoType } from '../api/upload-photos';

/** The problem with a chosen photo, or null: a type the server takes, and at most 20 MB. */
export function photoProblem(file: File): string | null {
  if (!photoType(file)) return `${file.name} is not a JPEG, PNG, WebP or HEIC photo.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} exceeds the maximum size of 20MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

type Props = { files: File[]; onChange: (files: File[]) => void; onProblem: (message: string | null) => void; disabled?: boolean };

/**
 * Optional photos of a step: taken with the camera (`capture`) or chosen, previewed, removable.
 * Previews are object URLs (HEIC a browser cannot show keeps its name only).
 */
export function PhotoPicker({ files, onChange, onProblem, disabled }: Props) {
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')), [files]);
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const problems = chosen.map(photoProblem).filter((p): p is string => Boolean(p));
    const good = chosen.filter((f) => !photoProblem(f));
    const all = [...files, ...good];
    if (all.length > MAX_PHOTOS) problems.push(`At most ${MAX_PHOTOS} photos per step.`);
    onProblem(problems.length ? problems.join(' ') : null);
    onChange(all.slice(0, MAX_PHOTOS));
    if (camera.current) camera.current.value = '';
    if (library.current) library.current.value = '';
  };

  return (
    <div className="photo-picker">
      <div className="photo-picker__buttons">
        <input ref={camera} id="step-photo-camera" className="sr-only photo-picker__input" type="file" accept={PHOTO_ACCEPT} capture="environment" disabled={disabled} onChange={(e) => add(e.target.files)} />
        <label htmlFor="step-photo-camera" className="btn btn--outline btn--sm">
          Take photo
        </label>
        <input ref={library} id="step-photo-files" className="sr-only photo-picker__input" type="file" accept={PHOTO_ACCEPT} multiple disabled={disabled} onChange={(e) => add(e.target.files)} data-testid="step-photo-files" />
        <label htmlFor="step-photo-files" className="btn btn--outline btn--sm">
          Choose photos
        </label>
      </div>
      {files.length > 0 && (
        <ul className="photo-picker__list" aria-label="Photos to send">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="photo-picker__item">
              {previews[i] && <img src={previews[i]} alt="" width={72} height={72} />}
              <span className="photo-picker__name">{f.name}</span>
              <button type="button" className="link-btn" disabled={disabled} onClick={() => onChange(files.filter((_, n) => n !== i))} aria-label={`Remove ${f.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
