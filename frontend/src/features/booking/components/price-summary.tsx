import { Skeleton } from '@/components/skeleton';
import { money } from '@/lib/format';
import type { PriceDetails } from '@/api/types';

/** The quote's breakdown; the last line is the total. Stale lines stay while a new quote loads. */
export function PriceSummary({ price, loading, error }: { price?: PriceDetails; loading: boolean; error?: string | null }) {
  return (
    <section className="panel" aria-labelledby="summary-title" aria-busy={loading}>
      <h2 id="summary-title">Price summary</h2>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : !price ? (
        <Skeleton className="skeleton--block" />
      ) : (
        <table className="breakdown" data-testid="checkout-breakdown" style={{ opacity: loading ? 0.6 : 1 }}>
          <tbody>
            {price.pricingBreakdown.map((l, i) => (
              <tr key={`${l.label}-${i}`} className={i === price.pricingBreakdown.length - 1 ? 'breakdown__total' : ''}>
                <th scope="row">
                  {l.label}
                  {l.explanation && <small className="muted">{l.explanation}</small>}
                </th>
                <td>{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {price?.payLaterDateMessage && <p className="muted">{price.payLaterDateMessage}</p>}
    </section>
  );
}
