import { useState } from 'react';
import { useGenerateDescription } from '../api/get-car-description';
import { MIN_DESCRIPTION_WORDS } from '../lib/constants';
import { MSG } from '../lib/messages';
import { countWords, validateDescription } from '../lib/validation';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

/** The description: at least 60 words, counted as typed; 'Generate with AI' writes one from the car's data. */
export function DescriptionStep() {
  const { draft, carId, back } = useWizard();
  const [text, setText] = useState(draft?.carDetails ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);
  const generate = useGenerateDescription();
  // 'Error submitting car description: ' and the reason (spec 001 section 5).
  const { save, pending, error } = useStepSave({
    failed: `${MSG.descriptionError}the listing was not updated.`,
    error: (e) => `${MSG.descriptionError}${e instanceof Error && e.message ? e.message : 'unknown error'}`,
  });
  const words = countWords(text);

  const submit = async () => {
    const bad = validateDescription(text);
    setInvalid(bad);
    if (bad) return;
    await save({ sectionName: 'description', carDescription: text.trim() });
  };

  const ai = () => {
    setAiError(null);
    generate.mutate(
      {
        carListingId: carId ?? '',
        make: draft?.make ?? '',
        model: draft?.model ?? '',
        carYear: String(draft?.carYear ?? ''),
        style: draft?.style ?? '',
        transmissionType: draft?.transmissionType ?? '',
      },
      {
        onSuccess: (d) => {
          setText(d);
          setInvalid(null);
        },
        onError: () => setAiError(MSG.aiFailed),
      },
    );
  };

  return (
    <StepFrame
      title="Describe your car"
      intro="Tell guests what makes the car a pleasure to drive: its comfort, its features, how you look after it."
      testId="description"
      error={error}
      onSubmit={() => void submit()}
      actions={
        <>
          <BackButton onClick={back} disabled={pending} />
          <NextButton pending={pending} label="Save and continue" />
        </>
      }
    >
      <div className="field">
        <label htmlFor="car-description" className="field__label">
          Description
        </label>
        <textarea
          id="car-description"
          className="input listing-textarea"
          rows={9}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`description-count${invalid ? ' car-description-error' : ''}`}
        />
        <p id="description-count" className={`field__hint ${words >= MIN_DESCRIPTION_WORDS ? 'listing-ok' : ''}`} aria-live="polite" data-testid="word-count">
          {words} {words === 1 ? 'word' : 'words'} (at least {MIN_DESCRIPTION_WORDS})
        </p>
        {invalid && (
          <p id="car-description-error" className="field__error" role="alert">
            {invalid}
          </p>
        )}
      </div>
      <div className="listing-actions listing-actions--start">
        <button type="button" className="btn btn--outline" onClick={ai} disabled={generate.isPending} aria-busy={generate.isPending || undefined}>
          {generate.isPending ? 'Writing…' : 'Generate with AI'}
        </button>
      </div>
      {aiError && (
        <p className="form__error" role="alert">
          {aiError}
        </p>
      )}
    </StepFrame>
  );
}
