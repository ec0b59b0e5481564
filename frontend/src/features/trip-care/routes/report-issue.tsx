import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useIssueOptions } from '../api/get-issue-options';
import { useReportIssue } from '../api/report-issue';
import { CarePage } from '../components/care-page';
import '../trip-care.css';

const MAX_DESCRIPTION = 2000;

/** /trip/report-issue?tripId=: the kind of issue and what happened; photos follow on the photo screen. */
export default function ReportIssueRoute() {
  const [q] = useSearchParams();
  const tripId = q.get('tripId') ?? '';
  return (
    <CarePage title="Report an issue" documentTitle="Report an issue" tripId={tripId} testId="trip-report-issue">
      <ReportIssue tripId={tripId} />
    </CarePage>
  );
}

function ReportIssue({ tripId }: { tripId: string }) {
  const options = useIssueOptions(tripId);
  const report = useReportIssue();
  const [type, setType] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reported, setReported] = useState<{ type: string; message: string } | null>(null);

  if (options.isPending) return <Skeleton className="skeleton--block" />;
  if (options.isError) return <p role="alert">{errorMessage(options.error, 'The kinds of issue could not be loaded.')}</p>;

  if (reported) {
    const q = `?tripId=${encodeURIComponent(tripId)}`;
    return (
      <div className="panel trip-care__done" data-testid="issue-reported">
        <p role="status">{reported.message}</p>
        <p>Photos help support review it: add them now.</p>
        <div className="trip-care__actions">
          <Link className="btn btn--primary" to={`/trip/photos/report-issue/${encodeURIComponent(reported.type)}${q}`}>
            Add photos
          </Link>
          <Link className="btn btn--outline" to={`/trip/summary${q}&kind=report-issue&category=${encodeURIComponent(reported.type)}`}>
            See the charges
          </Link>
        </div>
      </div>
    );
  }

  const chosen = options.data.find((o) => o.type === type);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!type) return setProblem('Choose the kind of issue.');
    if (!description.trim()) return setProblem('Describe what happened.');
    setProblem(null);
    report.mutate({ tripId, type, description: description.trim() }, { onSuccess: (r) => setReported({ type, message: r.message || 'Issue reported.' }) });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <fieldset className="radio-group trip-care__options">
        <legend className="field__label">What happened?</legend>
        {options.data.map((o) => (
          <label key={o.type} className="trip-care__option">
            <input type="radio" name="issue-type" value={o.type} checked={type === o.type} onChange={() => setType(o.type)} />
            <span>
              <strong>{o.label}</strong>
              {o.description && <span className="muted"> — {o.description}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="issue-description" className="field__label">
          Description
        </label>
        <textarea
          id="issue-description"
          className="input"
          rows={5}
          maxLength={MAX_DESCRIPTION}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby="issue-description-hint"
          placeholder={chosen ? `About the ${chosen.label.toLowerCase()}…` : undefined}
        />
        <span id="issue-description-hint" className="field__hint">
          {description.length}/{MAX_DESCRIPTION} characters. You can add photos next.
        </span>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {report.isError && (
        <p className="form__error" role="alert" data-testid="report-error">
          {errorMessage(report.error, 'The issue could not be reported. Please try again.')}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={report.isPending}>
        {report.isPending ? 'Sending…' : 'Report issue'}
      </button>
    </form>
  );
}
