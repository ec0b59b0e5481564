import { useState } from 'react';
import { Field } from '@/components/field';
import { useSession } from '@/lib/auth';
import { ADVANCE_NOTICE_OPTIONS, DEFAULT_ADVANCE_NOTICE, DEFAULT_MAX_TRIP, DEFAULT_MIN_TRIP, MAX_TRIP_OPTIONS, MIN_TRIP_OPTIONS, TWO_DAY_WEEKEND_MIN_TRIP } from '../lib/constants';
import { MSG } from '../lib/messages';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

const pick = (value: number | null | undefined, options: readonly { value: number }[], fallback: number) => (value != null && options.some((o) => o.value === value) ? value : fallback);

/** Advance notice, minimum and maximum trip, and the two-day weekend minimum (spec 001 section 9). */
export function AvailabilityStep() {
  const { draft, back } = useWizard();
  const session = useSession();
  const [advanceNotice, setAdvanceNotice] = useState(pick(draft?.advanceNotice, ADVANCE_NOTICE_OPTIONS, DEFAULT_ADVANCE_NOTICE));
  const [minTrip, setMinTrip] = useState(pick(draft?.minTripDuration, MIN_TRIP_OPTIONS, DEFAULT_MIN_TRIP));
  const [maxTrip, setMaxTrip] = useState(pick(draft?.maxTripDuration, MAX_TRIP_OPTIONS, DEFAULT_MAX_TRIP));
  const [twoDay, setTwoDay] = useState(Boolean(draft?.twoDayTripForWeekend));
  const { save, pending, error, setError } = useStepSave({ failed: MSG.availabilityFailed, error: MSG.availabilityError });
  const weekendOffered = minTrip === TWO_DAY_WEEKEND_MIN_TRIP;

  const submit = async () => {
    if (!session) {
      setError(MSG.notAuthenticated);
      return;
    }
    await save({ sectionName: 'availability', advanceNotice, minTripDuration: minTrip, maxTripDuration: maxTrip, twoDayTripForWeekend: weekendOffered && twoDay });
  };

  return (
    <StepFrame
      title="When can guests book?"
      testId="availability"
      error={error}
      onSubmit={() => void submit()}
      actions={
        <>
          <BackButton onClick={back} disabled={pending} />
          <NextButton pending={pending} label="Save and continue" />
        </>
      }
    >
      <Field id="advance-notice" label="Advance notice" hint="How much notice you need before a trip starts.">
        <select id="advance-notice" className="input" value={advanceNotice} onChange={(e) => setAdvanceNotice(Number(e.target.value))}>
          {ADVANCE_NOTICE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="min-trip" label="Minimum trip duration">
        <select
          id="min-trip"
          className="input"
          value={minTrip}
          onChange={(e) => {
            const v = Number(e.target.value);
            setMinTrip(v);
            if (v !== TWO_DAY_WEEKEND_MIN_TRIP) setTwoDay(false);
          }}
        >
          {MIN_TRIP_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      {weekendOffered && (
        <div className="field field--check">
          <input id="two-day-weekend" type="checkbox" checked={twoDay} onChange={(e) => setTwoDay(e.target.checked)} />
          <label htmlFor="two-day-weekend">Require at least two days for trips starting on a Friday, Saturday or Sunday</label>
        </div>
      )}
      <Field id="max-trip" label="Maximum trip duration">
        <select id="max-trip" className="input" value={maxTrip} onChange={(e) => setMaxTrip(Number(e.target.value))}>
          {MAX_TRIP_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
    </StepFrame>
  );
}
