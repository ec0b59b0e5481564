import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import { useToast } from '@/components/toast';
import type { CarListing } from '@/api/get-car-listing';
import { useUpdateCar } from '../api/update-car';
import { DatePricesForm } from './date-prices-form';
import { readOnlyNote, type CarAccess } from '../lib/car-access';
import { dailyPriceError, digitsOnly, discountError, needsLowPriceWarning } from '../lib/price';
import { saveError } from '../lib/save-error';

function ReadOnlyNote({ text }: { text: string | null }) {
  return text ? (
    <p className="host-note" data-testid="read-only-note">
      {text}
    </p>
  ) : null;
}

export { ReadOnlyNote };

/** The daily price (the wizard's rules, a warning under $50) and the weekly and monthly discounts. */
export function PricingForm({ car, access }: { car: CarListing; access: CarAccess }) {
  const id = useId();
  const toast = useToast();
  const note = readOnlyNote(access, 'pricing');
  const readOnly = note !== null;
  const [price, setPrice] = useState(car.dailyPrice != null ? String(Math.round(car.dailyPrice)) : '');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [warn, setWarn] = useState(false);
  const [weekly, setWeekly] = useState(String(car.weeklyDiscount ?? 0));
  const [monthly, setMonthly] = useState(String(car.monthlyDiscount ?? 0));
  const [discountErr, setDiscountErr] = useState<string | null>(null);
  const savePrice = useUpdateCar(car._id, 'updateCarDailyPrice');
  const saveDiscounts = useUpdateCar(car._id, 'updatePriceDiscount');

  const sendPrice = () => {
    setWarn(false);
    savePrice.mutate(
      { dailyPrice: price },
      {
        onSuccess: (a) => toast.show(a.message || 'Daily price saved', 'success'),
        onError: (e) => setPriceError(saveError(e, 'Failed to update car data')),
      },
    );
  };
  const onPrice = (e: FormEvent) => {
    e.preventDefault();
    const err = dailyPriceError(price);
    setPriceError(err);
    if (err) return;
    if (needsLowPriceWarning(price)) setWarn(true);
    else sendPrice();
  };
  const onDiscounts = (e: FormEvent) => {
    e.preventDefault();
    const err = discountError(weekly) ?? discountError(monthly);
    setDiscountErr(err);
    if (err) return;
    saveDiscounts.mutate(
      { weeklyDiscount: Number(weekly || 0), monthlyDiscount: Number(monthly || 0) },
      {
        onSuccess: (a) => toast.show(a.message || 'Discounts saved', 'success'),
        onError: (e2) => setDiscountErr(saveError(e2, 'Failed to update car discounts')),
      },
    );
  };

  return (
    <>
      <ReadOnlyNote text={note} />
      <form className="form panel" onSubmit={onPrice} noValidate aria-labelledby={`${id}-price-h`}>
        <h2 id={`${id}-price-h`}>Daily price</h2>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-price`}>
            Daily price (USD)
          </label>
          <div className="input-group">
            <span className="input-group__addon" aria-hidden="true">
              $
            </span>
            <input
              id={`${id}-price`}
              className="input"
              inputMode="numeric"
              value={price}
              readOnly={readOnly}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? `${id}-price-error` : undefined}
              onChange={(e) => setPrice(digitsOnly(e.target.value))}
            />
          </div>
          {priceError && (
            <p id={`${id}-price-error`} className="field__error" role="alert">
              {priceError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={savePrice.isPending}>
          {savePrice.isPending ? 'Saving…' : 'Save price'}
        </button>
      </form>

      <form className="form panel" onSubmit={onDiscounts} noValidate aria-labelledby={`${id}-disc-h`}>
        <h2 id={`${id}-disc-h`}>Discounts</h2>
        <p className="muted">Whole percentages from 0 to 50, taken off trips of a week or more and of a month or more.</p>
        <div className="form__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-weekly`}>
              Weekly discount (%)
            </label>
            <input id={`${id}-weekly`} className="input" inputMode="numeric" value={weekly} readOnly={readOnly} onChange={(e) => setWeekly(digitsOnly(e.target.value))} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-monthly`}>
              Monthly discount (%)
            </label>
            <input id={`${id}-monthly`} className="input" inputMode="numeric" value={monthly} readOnly={readOnly} onChange={(e) => setMonthly(digitsOnly(e.target.value))} />
          </div>
        </div>
        {discountErr && (
          <p className="field__error" role="alert">
            {discountErr}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={saveDiscounts.isPending}>
          {saveDiscounts.isPending ? 'Saving…' : 'Save discounts'}
        </button>
      </form>

      <DatePricesForm car={car} readOnly={readOnly} />

      {warn && (
        <Modal title="Long-term rental only" onClose={() => setWarn(false)} size="sm">
          <p>With a daily price under $50, your car will be offered for long-term rentals only. Do you want to continue?</p>
          <div className="host-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setWarn(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={sendPrice}>
              Continue
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
