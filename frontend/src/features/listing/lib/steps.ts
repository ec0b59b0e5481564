/**
 * The wizard's eight steps in order (spec 001 sections 2 and 4). The key is what the URL's
 * `?step=` and the server's `sectionName` / `nextStep` say; the label is the stepper's.
 */
export const STEPS = [
  { key: 'location', label: 'Location' },
  { key: 'vinDetails', label: 'VIN' },
  { key: 'availability', label: 'Availability' },
  { key: 'features', label: 'Features' },
  { key: 'description', label: 'Description' },
  { key: 'dailyPrice', label: 'Price' },
  { key: 'photos', label: 'Photos' },
  { key: 'finalize', label: 'Review' },
] as const;

export type StepKey = (typeof STEPS)[number]['key'];

export const STEP_KEYS: StepKey[] = STEPS.map((s) => s.key);

/** A step key from the URL or the server, or null for anything else. */
export function parseStep(value: string | null | undefined): StepKey | null {
  return STEP_KEYS.find((k) => k === value) ?? null;
}

export function stepIndex(key: StepKey): number {
  return STEP_KEYS.indexOf(key);
}

/** The step after `key` (null after the review). */
export function nextStepOf(key: StepKey): StepKey | null {
  return STEP_KEYS[stepIndex(key) + 1] ?? null;
}

/** The step before `key` (null before the location): Back from the VIN goes to the location. */
export function previousStepOf(key: StepKey): StepKey | null {
  const i = stepIndex(key);
  return i > 0 ? STEP_KEYS[i - 1] : null;
}

export function stepLabel(key: StepKey): string {
  return STEPS[stepIndex(key)].label;
}

/**
 * The step a host may open: at most the first step not saved yet (`resumeAt`, the server's
 * `nextStep`), so a typed `?step=finalize` on a fresh draft lands where the draft really is.
 */
export function reachableStep(asked: StepKey, resumeAt: StepKey | null): StepKey {
  if (!resumeAt) return asked;
  return stepIndex(asked) <= stepIndex(resumeAt) ? asked : resumeAt;
}
