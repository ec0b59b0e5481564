import { useId } from 'react';
import { clampSlider, earningsFor, earningsHeadline, formatDollars, SLIDER_MAX, SLIDER_MIN } from '../lib/earnings';

/** The landing's earnings slider: 1 to 6, kept at 2 or more (spec 001 sections 2 and 9). */
export function EarningsSlider({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const id = useId();
  const { months, dollars } = earningsFor(value);
  return (
    <div className="earnings">
      <p className="earnings__headline" aria-live="polite" data-testid="earnings-headline">
        Earn up to <strong>{formatDollars(dollars)}</strong> in {months} {months === 1 ? 'month' : 'months'}
      </p>
      <label htmlFor={id} className="field__label">
        Months of hosting
      </label>
      <input
        id={id}
        className="earnings__range"
        type="range"
        min={SLIDER_MIN}
        max={SLIDER_MAX}
        step={1}
        value={clampSlider(value)}
        aria-valuetext={earningsHeadline(value)}
        onChange={(e) => onChange(clampSlider(Number(e.target.value)))}
      />
      <p className="field__hint">With the Fast Lane Program's guaranteed income for your first two months.</p>
    </div>
  );
}
