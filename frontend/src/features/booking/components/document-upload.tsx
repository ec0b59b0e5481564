import { useId, useState } from 'react';
import { useToast } from '@/components/toast';
import { type DocType, useUploadDriverDocument } from '../api/verification';
import { compressImage } from '../lib/compress-image';

const NAMES: Record<DocType, string> = { dl: 'Licence front', dlBackSide: 'Licence back', selfie: 'Selfie' };

/** One driver document: choose (removable before upload), then upload with progress. */
export function DocumentUpload({ type, done, token, onUploaded }: { type: DocType; done: boolean; token?: string; onUploaded?: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDriverDocument(token);
  const toast = useToast();
  const name = NAMES[type];

  const choose = (f: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setFile(f);
    setPreview(f && f.type.startsWith('image/') ? URL.createObjectURL(f) : null);
  };
  const send = async () => {
    if (!file) return;
    setProgress(0);
    try {
      const blob = await compressImage(file);
      await upload.mutateAsync({ file: blob, type, onProgress: setProgress });
      toast.show(`${name.toUpperCase()} uploaded successfully!`, 'success');
      choose(null);
      onUploaded?.();
    } catch (e) {
      toast.show(e instanceof Error ? e.message : `Failed to upload ${name}. Please try again.`, 'error', 4000);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="panel" data-testid={`upload-${type}`}>
      <p>
        <strong>{name}</strong> {done && <span className="form__success">✓ uploaded</span>}
      </p>
      <label htmlFor={id} className="field__label">
        {done ? `Replace ${name.toLowerCase()}` : `Choose ${name.toLowerCase()}`}
      </label>
      <input id={id} type="file" accept={type === 'selfie' ? 'image/jpeg,image/png,application/pdf' : 'image/*'} capture={type === 'selfie' ? 'user' : 'environment'} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
      {preview && <img src={preview} alt={`${name} preview`} style={{ maxWidth: 240, marginTop: 8 }} />}
      {file && (
        <div className="calendar__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => choose(null)} disabled={progress !== null}>
            Remove
          </button>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void send()} disabled={progress !== null}>
            Upload
          </button>
        </div>
      )}
      {progress !== null && (
        <div className="progress" role="progressbar" aria-label={`Uploading ${name}`} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${progress}%` }} />
        </div>
      )}
    </div>
  );
}
