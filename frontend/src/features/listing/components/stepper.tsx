import { STEPS, stepIndex, type StepKey } from '../lib/steps';

/** The wizard's progress: the 8 labels, the current one marked (`aria-current="step"`). */
export function Stepper({ current, completed }: { current: StepKey; completed: readonly string[] }) {
  const at = stepIndex(current);
  return (
    <nav aria-label="Listing progress">
      <ol className="stepper" data-testid="stepper">
        {STEPS.map((s, i) => {
          const done = completed.includes(s.key) && s.key !== current;
          const cls = ['stepper__item', s.key === current ? 'is-current' : '', done ? 'is-done' : '', i < at ? 'is-past' : ''].filter(Boolean).join(' ');
          return (
            <li key={s.key} className={cls} aria-current={s.key === current ? 'step' : undefined} data-step={s.key}>
              <span className="stepper__dot" aria-hidden="true">
                {done ? '✓' : i + 1}
              </span>
              <span className="stepper__label">{s.label}</span>
              {done && <span className="sr-only"> (saved)</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
