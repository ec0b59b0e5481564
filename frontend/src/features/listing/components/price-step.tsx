import { useState } from 'react';
import { Modal } from '@/components/modal';
import { DAILY_PRICE_WARNING, DEFAULT_DAILY_PRICE } from '../lib/constants';
import { MSG } from '../lib/messages';
import { priceInput, validateDailyPrice } from '../lib/validation';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

/**
 * The daily price (spec 001 sections 5 and 9): digits only, $50 to start with; under $50 a
 * warning says the car will be rented long-term only, and Continue still saves.
 */
export function PriceStep() {
  const { draft, back } = useWizard();
  const [price, setPrice] = useState(draft?.dailyPrice != null ? String(Math.round(draft.dailyPrice)) : String(DEFAULT_DAILY_PRICE));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [warning, setWarning] = useState(false);
  const { save, pending, error } = useStepSave({ failed: MSG.priceError, error: MSG.priceError });

  const send = () => save({ sectionName: 'dailyPrice', carDailyPrice: price.trim() });

  const submit = async () => {
    const r = validateDailyPrice(price);
    setInvalid(r.error);
    if (r.error) return;
    if (r.warning) {
      setWarning(true);
      return;
    }
    await send();
  };

  return (
    <>
      <StepFrame
        title="Set your daily price"
        intro="You can change it at any time, and add weekly and monthly discounts once the car is listed."
        testId="daily-price"
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
          <label htmlFor="daily-price" className="field__label">
            Daily price (USD)
          </label>
          <div className="input-group">
            <span className="input-group__addon" aria-hidden="true">
              $
            </span>
            <input
              id="daily-price"
              className="input"
              inputMode="numeric"
              pattern="[0-9]*"
              value={price}
              onChange={(e) => setPrice(priceInput(e.target.value))}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? 'daily-price-error' : 'daily-price-hint'}
            />
          </div>
          <p id="daily-price-hint" className="field__hint">
            Whole dollars. Under ${DAILY_PRICE_WARNING} a day, the car is offered for long-term rentals only.
          </p>
          {invalid && (
            <p id="daily-price-error" className="field__error" role="alert">
              {invalid}
            </p>
          )}
        </div>
      </StepFrame>
      {warning && (
        <Modal title="Long-term rentals only" onClose={() => setWarning(false)} closeDisabled={pending} size="sm">
          <div data-testid="price-warning">
            <p>
              At ${price} a day, under ${DAILY_PRICE_WARNING}, your car will be offered for long-term rentals only (a month or more). Guests looking for shorter trips will not see it.
            </p>
            <div className="listing-actions">
              <button type="button" className="btn btn--outline" onClick={() => setWarning(false)} disabled={pending}>
                Change price
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={pending}
                onClick={async () => {
                  const ok = await send();
                  if (!ok) setWarning(false);
                }}
              >
                {pending ? 'Saving…' : 'Continue'}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
