/**
 * How the rental agreement page opens (spec 002 section 2): the logged-in token first, else the
 * URL's token; a missing trip id or token goes to /login-static.
 */
export type AgreementAccess = { kind: 'login'; to: string } | { kind: 'session' } | { kind: 'url-token'; token: string };

export function agreementAccess(tripId: string | null, sessionToken: string | null, urlToken: string | null, here: string): AgreementAccess {
  const to = `/login-static?nextPage=${encodeURIComponent(here)}`;
  if (!tripId) return { kind: 'login', to };
  if (sessionToken) return { kind: 'session' };
  if (urlToken) return { kind: 'url-token', token: urlToken };
  return { kind: 'login', to };
}

/** Where a failed load goes. */
export function agreementFailedPath(tripId: string): string {
  return `/bookings?tripId=${encodeURIComponent(tripId)}`;
}
