import { ApiError } from '@/lib/api-client';

/**
 * Why the create-team form cannot be sent yet (spec 001 section 5), or null when it can: the
 * button stays disabled and shows this as its tooltip. The server checks the same again.
 */
export function createBlocker(teamName: string, carIds: readonly string[]): string | null {
  if (!teamName.trim()) return 'Please enter a team name';
  if (carIds.length === 0) return 'Please select at least one vehicle';
  return null;
}

/** The spec's message for an empty invitation list (the server answers the same). */
export const EMPTY_INVITE = 'Invalid input: teamId and coHostEmails are required';

/** Emails typed one a line or separated by commas (or semicolons, spaces), trimmed, lower-cased, each once. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const e = part.trim().toLowerCase();
    if (e) seen.add(e);
  }
  return [...seen];
}

/** The server's own `message`, if it sent one (not the client's "Request failed (500)"). */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as { message?: unknown } | null;
  return body && typeof body === 'object' && typeof body.message === 'string' && body.message ? body.message : null;
}

/** A call that never got an answer (network down, server unreachable). */
export function noResponse(err: unknown): boolean {
  return err instanceof TypeError;
}

/** The team list's failure text (spec 001 section 8). */
export function teamsListError(err: unknown): string {
  return serverMessage(err) ?? (noResponse(err) ? 'No response from server' : 'Failed to fetch teams');
}

/** A team page's failure text (spec 001 section 8). */
export function teamLoadError(err: unknown): string {
  return serverMessage(err) ?? 'Failed to fetch team data.';
}

/** The create call's failure alert (spec 001 section 8). */
export function createTeamError(err: unknown): string {
  if (err instanceof ApiError) return `Failed to create team: ${serverMessage(err) ?? 'Unknown error'}`;
  return 'An error occurred while creating the team.';
}

/** The invitation answer's failure text: the server's (expired, answered, revoked, not found), else the spec's. */
export function inviteAnswerError(err: unknown): string {
  return serverMessage(err) ?? 'An error occurred while handling the invitation.';
}

/** A percentage the server takes: 0 to 100, at most two decimals; null when the text is not one. */
export function parsePercent(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n >= 0 && n <= 100 ? n : null;
}

/** A loose flag of the API (`true`, `"true"`, `1`) as a boolean. */
export function flag(v: unknown): boolean {
  return v === true || v === 1 || v === 'true' || v === '1';
}
