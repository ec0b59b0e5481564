/**
 * Keeps the signed-in session alive: a token is exchanged for a new one with
 * `POST /users/refreshToken` once 3600 seconds or less remain (spec 002 sections 4 and 9; the
 * server refuses earlier with `token_refresh_not_due`, and revokes the old token once exchanged).
 * Asked on load, by a timer set for when the window opens, when the page comes back into view,
 * and before any call of the guest's client (`api-client.ts` waits for it, so no call goes out
 * with a token being replaced). A refused token (401) ends the session (`expireSession`).
 */
import type { SessionAnswer } from '@/api/types';
import { env } from '@/config/env';
import { clearSession, expireSession, getSession, setSession, storedToken, subscribeSession } from './session';

/** Seconds before a token's end from which it is refreshed (spec 002 section 9). */
export const REFRESH_WINDOW_SECONDS = 3600;
/**
 * The wait before asking again: after a refresh (a server whose tokens live less than the window,
 * or a clock running ahead, would otherwise have every call refresh), and after one that did not
 * happen (no answer, a 5xx, "not due" by the server's clock), doubling while they fail, to 16 minutes.
 */
export const REFRESH_RETRY_MS = 60_000;
const MAX_RETRY_MS = 16 * REFRESH_RETRY_MS;
/** setTimeout holds at most about 24.8 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** One refresh at a time across the tabs of the browser (each tab shares the stored token). */
const LOCK = 'upcar-session-refresh';

/** The token's end (`exp` of the JWT's claims), in Unix seconds, or null when it is not a JWT with one. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Seconds the token has left, or null when it does not say. */
export function secondsLeft(token: string, now = Date.now()): number | null {
  const exp = tokenExpiry(token);
  return exp === null ? null : exp - now / 1000;
}

/** Within the refresh window and not yet expired (an expired token cannot be refreshed). */
export function refreshDue(token: string, now = Date.now()): boolean {
  const left = secondsLeft(token, now);
  return left !== null && left > 0 && left <= REFRESH_WINDOW_SECONDS;
}

let inflight: Promise<void> | null = null;
let notBefore = 0;
let failures = 0;

function retryLater(ok: boolean) {
  failures = ok ? 0 : failures + 1;
  notBefore = Date.now() + Math.min(MAX_RETRY_MS, REFRESH_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

function withLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? locks.request(LOCK, () => run()).then(() => undefined) : run();
}

async function refresh(token: string): Promise<void> {
  // Under the lock another tab may have refreshed already: its token is this tab's too.
  if (storedToken() !== token) return;
  let res: Response;
  try {
    res = await fetch(`${env.apiUrl}/v1/users/refreshToken`, { method: 'POST', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  } catch (e) {
    console.error('session refresh', e);
    retryLater(false);
    return;
  }
  const body = (await res.json().catch(() => null)) as (Partial<SessionAnswer> & { error?: string }) | null;
  if (res.ok && body?.access_token) {
    retryLater(true);
    // Only the session that asked is replaced (not one signed in meanwhile).
    if (storedToken() === token) setSession(body.access_token, { ...getSession()?.user, ...(body.user ?? {}) });
    return;
  }
  if (res.status === 401) {
    if (storedToken() === token) expireSession();
    return;
  }
  // A suspended account (the terms' exclusion list) is signed out, as on any call.
  if (body?.error === 'account_suspended') {
    if (storedToken() === token) clearSession();
    return;
  }
  // Not due by the server's clock (400 token_refresh_not_due: this browser's clock runs ahead),
  // or the server could not answer: the session goes on, and the next try waits.
  console.error('session refresh', res.status, body?.error);
  retryLater(false);
}

/**
 * Refreshes the stored token if it is due (once, whoever asks meanwhile waits for the same
 * refresh); resolves when there is nothing (more) to do. Never rejects.
 */
export function ensureFreshToken(now = Date.now()): Promise<void> {
  if (inflight) return inflight;
  const token = storedToken();
  if (!token || now < notBefore || !refreshDue(token, now)) return Promise.resolve();
  inflight = withLock(() => refresh(token)).finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Starts keeping the session fresh: now (the app's load), when the window of the stored token
 * opens (a timer, set again whenever the session changes), and when the page is shown again
 * (a sleeping tab's timers are late). Returns the stop.
 */
export function startSessionRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const token = storedToken();
    const left = token ? secondsLeft(token) : null;
    if (left === null || left <= 0) return;
    const opens = (left - REFRESH_WINDOW_SECONDS) * 1000;
    const delay = Math.min(MAX_TIMER_MS, Math.max(opens, notBefore - Date.now(), 0) + 1000);
    timer = setTimeout(() => void ensureFreshToken().then(schedule), delay);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void ensureFreshToken().then(schedule);
  };
  void ensureFreshToken().then(schedule);
  const off = subscribeSession(schedule);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    if (timer) clearTimeout(timer);
    off();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Test helper: forgets a refresh under way and the wait after a failed one. */
export function resetSessionRefresh(): void {
  inflight = null;
  notBefore = 0;
  failures = 0;
}
