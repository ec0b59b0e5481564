import { ApiError, type ErrorCode } from '@/lib/api-client';

/** What the page offers next to an error. */
export type ProblemAction = 'login' | 'switch-account' | 'verify' | 'trips' | 'retry' | 'none';

export type InvitationProblem = {
  code: string;
  title: string;
  message: string;
  /** Our own guidance shown under the message, when the message alone leaves the next step open. */
  hint?: string;
  action: ProblemAction;
  /** The invitation cannot be accepted by trying again (the Accept button is disabled). */
  final: boolean;
};

type Known = Omit<InvitationProblem, 'code' | 'message'> & { message: string; useServerMessage: boolean };

// The server's messages for these codes are written for people (API.md, additional drivers);
// `token_required` is not ("token is required"), so it has its own.
const KNOWN: Partial<Record<ErrorCode, Known>> = {
  token_required: {
    title: 'This link is incomplete',
    message: 'The invitation link is missing its code. Open the link in your invitation email again.',
    useServerMessage: false,
    action: 'none',
    final: true,
  },
  invitation_not_found: {
    title: 'Invitation not found',
    message: 'This invitation link is not valid.',
    hint: 'It may have been replaced by a newer invitation. Open the latest invitation email, or ask the person who invited you to send it again.',
    useServerMessage: true,
    action: 'none',
    final: true,
  },
  invitation_for_another_email: {
    title: 'Signed in with another email',
    message: 'This invitation was sent to another email address. Sign in with that address.',
    useServerMessage: true,
    action: 'switch-account',
    final: true,
  },
  invitation_used: {
    title: 'Invitation already used',
    message: 'This invitation has already been used.',
    hint: 'If you accepted it, the trip is with your trips.',
    useServerMessage: true,
    action: 'trips',
    final: true,
  },
  invitation_expired: {
    title: 'Invitation expired',
    message: 'This invitation has expired. Ask the guest to invite you again.',
    useServerMessage: true,
    action: 'none',
    final: true,
  },
  invalid_trip_status: {
    title: 'Trip no longer booked',
    message: 'This trip is no longer booked.',
    hint: 'Drivers can be added only while the trip is booked.',
    useServerMessage: true,
    action: 'none',
    final: true,
  },
  verification_required: {
    title: 'Verify your identity first',
    message: 'Please add your date of birth and upload your licence (front and back) and a selfie before joining the trip as a driver.',
    hint: 'When you are done you will come back here to accept the invitation.',
    useServerMessage: true,
    action: 'verify',
    final: false,
  },
  already_on_trip: {
    title: 'You are already on this trip',
    message: 'You are already on this trip.',
    hint: 'The guest and the host of a trip do not need to be added as drivers.',
    useServerMessage: true,
    action: 'trips',
    final: true,
  },
};

/** A failed invitation call as the page explains it. */
export function describeInvitationError(err: unknown): InvitationProblem {
  if (err instanceof ApiError) {
    const known = KNOWN[err.code];
    if (known) {
      const { useServerMessage, ...rest } = known;
      return { ...rest, code: err.code, message: useServerMessage && err.message ? err.message : known.message };
    }
    if (err.status === 401)
      return { code: err.code, title: 'Log in to continue', message: 'Your session has ended. Log in again to see the invitation.', action: 'login', final: false };
    if (err.status < 500 && err.message && !err.message.startsWith('Request failed'))
      return { code: err.code, title: 'This invitation cannot be used', message: err.message, action: 'retry', final: false };
  }
  return { code: err instanceof ApiError ? err.code : 'network', title: 'Something went wrong', message: 'We could not reach Upcar. Check your connection and try again.', action: 'retry', final: false };
}
