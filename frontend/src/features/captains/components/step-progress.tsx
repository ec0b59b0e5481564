import { formatInTimeZone } from '@/lib/dates';
import { stepLabel, TASK_STEPS, type CaptainTask } from '../lib/steps';

/**
 * The task's steps in order (a delivery: picked up from host, delivered to guest; a return:
 * picked up from guest, delivered to host), each recorded one with its time, position and photos.
 */
export function StepProgress({ task }: { task: CaptainTask }) {
  const order = TASK_STEPS[task.taskType] ?? task.steps.map((s) => s.step);
  const recorded = new Map(task.steps.map((s) => [s.step, s]));
  return (
    <ol className="task-steps" data-testid="task-steps">
      {order.map((step, i) => {
        const done = recorded.get(step);
        const next = !done && task.nextStep === step && task.status !== 'cancelled';
        const state = done ? 'done' : next ? 'next' : 'todo';
        return (
          <li key={step} className={`task-steps__item task-steps__item--${state}`} aria-current={next ? 'step' : undefined} data-testid={`step-${step}`}>
            <span className="task-steps__dot" aria-hidden="true">
              {done ? '✓' : i + 1}
            </span>
            <div>
              <p className="task-steps__name">
                {stepLabel(step)}
                <span className="sr-only">{done ? ' (done)' : next ? ' (next)' : ' (to do)'}</span>
              </p>
              {done && (
                <p className="muted" data-testid={`step-${step}-at`}>
                  {formatInTimeZone(done.at, task.timeZone)}
                  {done.photoUrls.length > 0 && ` · ${done.photoUrls.length} ${done.photoUrls.length === 1 ? 'photo' : 'photos'}`}
                </p>
              )}
              {done && done.photoUrls.length > 0 && (
                <p className="task-steps__photos">
                  {done.photoUrls.map((u, n) => (
                    <a key={u} href={u} target="_blank" rel="noreferrer">
                      Photo {n + 1}
                    </a>
                  ))}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
