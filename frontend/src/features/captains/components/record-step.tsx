import { useState } from 'react';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateTask } from '../api/update-task';
import { useUploadCaptainPhotos } from '../api/upload-photos';
import { currentPosition } from '../lib/position';
import { stepAction, stepLabel, type CaptainTask } from '../lib/steps';
import { PhotoPicker } from './photo-picker';

type Phase = 'idle' | 'locating' | 'uploading' | 'saving';

const PHASE_TEXT: Record<Phase, string> = {
  idle: '',
  locating: 'Getting your position...',
  uploading: 'Uploading photos...',
  saving: 'Saving...',
};

/**
 * The next step's button: takes the browser's position when it gives one (the step is sent
 * without it otherwise), uploads the chosen photos, records the step; the server's message
 * shows when it refuses (409 `step_out_of_order`, ...).
 */
export function RecordStep({ task }: { task: CaptainTask }) {
  const step = task.nextStep;
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const upload = useUploadCaptainPhotos();
  const update = useUpdateTask();
  const toast = useToast();
  if (!step) return null;
  const busy = phase !== 'idle';

  const record = async () => {
    setError(null);
    try {
      setPhase('locating');
      const position = await currentPosition();
      setPhase('uploading');
      const photoUrls = await upload.mutateAsync(files);
      setPhase('saving');
      await update.mutateAsync({ taskId: task.taskId, step, position, photoUrls });
      setFiles([]);
      setProblem(null);
      toast.show(position ? `${stepLabel(step)}: recorded` : `${stepLabel(step)}: recorded without your position`, 'success', 3000);
    } catch (e) {
      setError(errorMessage(e, 'The step could not be recorded. Please try again.'));
    } finally {
      setPhase('idle');
    }
  };

  return (
    <section className="panel record-step" aria-labelledby="record-step-title">
      <h2 id="record-step-title">Next: {stepLabel(step)}</h2>
      <p className="muted">Add photos of the car if you like; your position is sent when your browser shares it.</p>
      <PhotoPicker files={files} onChange={setFiles} onProblem={setProblem} disabled={busy} />
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {error && (
        <p className="form__error" role="alert" data-testid="step-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--primary btn--block" onClick={() => void record()} disabled={busy} data-testid="record-step">
        {busy ? PHASE_TEXT[phase] : stepAction(step)}
      </button>
    </section>
  );
}
