import type { Ref } from 'react';
import { Link } from 'react-router';
import type { InvitationProblem } from '../lib/invitation-errors';

type Props = {
  problem: InvitationProblem;
  /** The heading takes the focus when the problem appears (the page passes its ref). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Heading level: 2 when the problem is the page's content, 3 under the invitation. */
  level?: 2 | 3;
  /** Where "Complete verification" comes back to. */
  verifyUrl: string;
  signedInAs?: string;
  onLogin: () => void;
  onRetry: () => void;
};

/** An invitation error: what happened (announced), what to do, and the way to do it. */
export function InvitationProblemView({ problem, headingRef, level = 2, verifyUrl, signedInAs, onLogin, onRetry }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="invitation__problem" data-code={problem.code}>
      <Heading ref={headingRef} tabIndex={-1}>
        {problem.title}
      </Heading>
      <p role="alert" className="form__error">
        {problem.message}
      </p>
      {problem.action === 'switch-account' && signedInAs && <p>You are signed in as {signedInAs}.</p>}
      {problem.hint && <p className="muted">{problem.hint}</p>}
      {problem.action !== 'none' && (
        <div className="invitation__actions">
          {problem.action === 'login' && (
            <button type="button" className="btn btn--primary" onClick={onLogin}>
              Log in
            </button>
          )}
          {problem.action === 'switch-account' && (
            <button type="button" className="btn btn--primary" onClick={onLogin}>
              Log in with another account
            </button>
          )}
          {problem.action === 'verify' && (
            <Link className="btn btn--primary" to={verifyUrl}>
              Complete verification
            </Link>
          )}
          {problem.action === 'trips' && (
            <Link className="btn btn--outline" to="/bookings">
              Go to your trips
            </Link>
          )}
          {problem.action === 'retry' && (
            <button type="button" className="btn btn--outline" onClick={onRetry}>
              Try again
            </button>
          )}
        </div>
      )}
    </div>
  );
}
