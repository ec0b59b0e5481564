import { useEffect, useId, useMemo, useRef } from 'react';
import { MAX_PHOTOS, PHOTO_ACCEPT, photoProblem } from '../lib/photo-rules';

type Props = {
  /** The chooser's label ("Exterior photos"). */
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  onProblem: (message: string | null) => void;
  /** Upload progress per file, 0-100, while sending. */
  progress?: number[];
  disabled?: boolean;
  hint?: string;
};

/**
 * A chooser for several photos (camera on a phone, files elsewhere), previewed and removable,
 * with each one's upload progress. Refused files are named in `onProblem` and left out.
 */
export function PhotoChooser({ label, files, onChange, onProblem, progress, disabled, hint }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')), [files]);
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const problems = chosen.map(photoProblem).filter((p): p is string => Boolean(p));
    const all = [...files, ...chosen.filter((f) => !photoProblem(f))];
    if (all.length > MAX_PHOTOS) problems.push(`At most ${MAX_PHOTOS} photos at a time.`);
    onProblem(problems.length ? problems.join(' ') : null);
    onChange(all.slice(0, MAX_PHOTOS));
    if (input.current) input.current.value = '';
  };

  return (
    <div className="photo-chooser">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input ref={input} id={id} type="file" accept={PHOTO_ACCEPT} multiple disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => add(e.target.files)} />
      {files.length > 0 && (
        <ul className="photo-chooser__list" aria-label={`${label}: chosen`}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="photo-chooser__item">
              {previews[i] ? <img src={previews[i]} alt="" width={72} height={72} /> : <span className="photo-chooser__thumb" aria-hidden="true" />}
              <span className="photo-chooser__name">{f.name}</span>
              {progress?.[i] !== undefined ? (
                <progress max={100} value={progress[i]} aria-label={`${f.name} uploaded`}>
                  {progress[i]}%
                </progress>
              ) : (
                <button type="button" className="link-btn" disabled={disabled} onClick={() => onChange(files.filter((_, n) => n !== i))} aria-label={`Remove ${f.name}`}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
