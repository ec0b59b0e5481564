import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** A refusal of the step's save, shown above the buttons. */
  error?: string | null;
  actions: ReactNode;
  /** The form's submit (Enter in a field, the Next button). */
  onSubmit?: () => void;
  testId?: string;
};

/** One step's frame: its heading (focused when the step opens), its form, its error and its buttons. */
export function StepFrame({ title, intro, children, error, actions, onSubmit, testId }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <section className="listing-step" aria-labelledby="listing-step-title" data-testid={testId}>
      <h2 id="listing-step-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {intro && <div className="muted listing-step__intro">{intro}</div>}
      <form
        className="form listing-step__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.();
        }}
      >
        {children}
        {error && (
          <p className="form__error" role="alert" data-testid="step-error">
            {error}
          </p>
        )}
        <div className="listing-actions">{actions}</div>
      </form>
    </section>
  );
}

export function BackButton({ onClick, disabled, label = 'Back' }: { onClick: () => void; disabled?: boolean; label?: string }) {
  return (
    <button type="button" className="btn btn--outline" onClick={onClick} disabled={disabled}>
      {label}
    </button>
  );
}

export function NextButton({ pending, label = 'Next', disabled, onClick }: { pending: boolean; label?: string; disabled?: boolean; onClick?: () => void }) {
  return (
    <button type={onClick ? 'button' : 'submit'} className="btn btn--primary" disabled={pending || disabled} aria-busy={pending || undefined} onClick={onClick}>
      {pending ? 'Saving…' : label}
    </button>
  );
}
