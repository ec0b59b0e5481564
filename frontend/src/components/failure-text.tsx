import { serverMessage } from '@/lib/api-client';

/**
 * A failed action: the spec's text for it, and under it the server's reason when the server
 * refused with one (a call that got no answer shows the spec's text alone).
 */
export function FailureText({ err, text, testId }: { err: unknown; text: string; testId?: string }) {
  const reason = serverMessage(err);
  return (
    <p className="form__error" role="alert" data-testid={testId}>
      <strong>{text}</strong>
      {reason && <span className="form__reason">{reason}</span>}
    </p>
  );
}
