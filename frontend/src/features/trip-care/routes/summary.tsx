import { useSearchParams } from 'react-router';
import { CarPhoto } from '@/components/car-photo';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatInTimeZone } from '@/lib/dates';
import { money } from '@/lib/format';
import { useIssueCharges, type IssueChargeEntry } from '../api/get-issue-charges';
import { useTrip } from '@/api/get-trip';
import { useSession } from '@/lib/auth';
import { CarePage } from '../components/care-page';
import { chargeLines, matchingEntry } from '../lib/issue-charges';
import { reportKind } from '../lib/photo-target';
import '../trip-care.css';

/**
 * /trip/summary?tripId=[&kind=report-issue&category=] (spec 002 section 2, the trip summary card):
 * the car, renter and times, then the charges and the invoice total. In report-issue mode only
 * the matching issue type's charge is listed.
 */
export default function SummaryRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  const report = reportKind(q.get('kind') ?? '') === 'report-issue';
  const category = q.get('category') ?? q.get('type') ?? '';
  return (
    <CarePage title="Trip summary" documentTitle="Trip summary" tripId={tripId} testId="trip-summary">
      <Summary tripId={tripId} issueType={report && category ? category : null} />
    </CarePage>
  );
}

function Summary({ tripId, issueType }: { tripId: string; issueType: string | null }) {
  // Asked only when signed in (the call needs the token).
  const session = useSession();
  const trip = useTrip(tripId, { enabled: Boolean(tripId && session) });
  const charges = useIssueCharges(tripId, issueType);
  if (trip.isPending) return <Skeleton className="skeleton--block" />;
  if (trip.isError) return <p role="alert">{errorMessage(trip.error, 'This trip could not be loaded.')}</p>;
  const t = trip.data;
  const entries: IssueChargeEntry[] = charges.data ? (issueType ? [matchingEntry(charges.data.data, issueType)].filter((e): e is IssueChargeEntry => Boolean(e)) : charges.data.data) : [];
  const total = issueType ? (entries[0]?.total ?? 0) : (charges.data?.invoiceTotal ?? 0);
  return (
    <section className="panel trip-care__summary" aria-label="Trip summary card">
      <CarPhoto src={t.carPhotoUrl} alt={t.carName || 'Car'} eager />
      <h2>{t.carName}</h2>
      <p>Renter: {t.renterName}</p>
      <dl className="trip-care__times">
        <dt>Start</dt>
        <dd>{formatInTimeZone(t.startTime, t.timeZone)}</dd>
        <dt>End</dt>
        <dd>{formatInTimeZone(t.endTime, t.timeZone)}</dd>
      </dl>
      <h3>Charges</h3>
      {charges.isPending ? (
        <Skeleton className="skeleton--line" />
      ) : charges.isError ? (
        <p role="alert">{errorMessage(charges.error, 'The charges could not be loaded.')}</p>
      ) : entries.length === 0 ? (
        <p className="muted" data-testid="no-charges">
          No charges.
        </p>
      ) : (
        entries.map((e) => {
          const lines = chargeLines(e.charges);
          return (
            <div key={e.type} data-testid="charge-entry">
              <h4>{e.label}</h4>
              <table className="breakdown">
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.name}>
                      <th scope="row">{l.name}</th>
                      <td>{money(l.price)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })
      )}
      <p className="trip-care__total">
        Invoice total: <strong data-testid="invoice-total">{money(total)}</strong>
      </p>
    </section>
  );
}
