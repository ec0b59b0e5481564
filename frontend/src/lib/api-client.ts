import type { Accepted, CallArgs, CallInit, Method, RouteWith, Schemas } from '@/api/types';
import { env } from '@/config/env';
import { clearSession, expireSession, getToken, storedToken } from './session';
import { ensureFreshToken } from './session-refresh';

/**
 * The code of a refusal: one of the document's `ErrorCode` (every error table's codes, generated
 * from the services' own tables), or `http_<status>` when an answer carried none. Comparing a
 * code the server does not declare fails the type check.
 */
export type ErrorCode = Schemas['ErrorCode'] | `http_${number}`;

/** An answer of the gateway that is not 2xx: `{error, message}` (CONTRACT.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly body: unknown;
  /** The answer carried no `message`: `message` is the client's own "Request failed (status)". */
  readonly generic: boolean;
  constructor(status: number, code: ErrorCode, message: string, body: unknown, generic = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.generic = generic;
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

type RequestOptions = {
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses other than 2xx whose body is still an answer (availability calls: 400). */
  acceptStatuses?: readonly number[];
  /** Sent again once: the token it went with was replaced meanwhile. */
  retried?: boolean;
};

export function buildUrl(path: string, params?: Params): string {
  const url = `${env.apiUrl}/v1${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

/**
 * Whose token a client sends, and what it does when the server refuses a call made with it
 * (`status`, `code` of the answer, and the token the call carried). Each client reads one session
 * only, so a guest call never carries the captain's token and the other way round. `ready`, when
 * given, runs before each call (the guest's session is refreshed first when due).
 */
export type ClientAuth = {
  token: () => string | null;
  onRefused: (status: number, code: ErrorCode, token: string) => void;
  ready?: () => Promise<void>;
  /** The token now, read afresh (another tab may have replaced it): a call refused with an older one is sent again with it. */
  current?: () => string | null;
};

// Codes that mean the stored session is no longer valid: it is cleared (spec 000 section 3).
const DEAD_SESSION: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['token_invalid', 'token_expired', 'token_revoked']);

/** A 401 that says the token is no longer valid (expired, revoked, unknown). */
export const isDeadSession = (status: number, code: ErrorCode) => status === 401 && DEAD_SESSION.has(code);

const guestAuth: ClientAuth = {
  token: getToken,
  current: storedToken,
  ready: ensureFreshToken,
  onRefused: (status, code, token) => {
    // Only the session the call went with ends (not one refreshed or signed in meanwhile): the
    // user is taken to log in again and comes back to the page.
    if (isDeadSession(status, code)) {
      if (storedToken() === token) expireSession();
    } else if (code === 'account_suspended') {
      // A suspended account (the terms' exclusion list) is signed out too.
      clearSession();
    }
  },
};

async function request<T>(auth: ClientAuth, method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  if (auth.ready) await auth.ready();
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = auth.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(buildUrl(path, opts.params), { method, headers, body, signal: opts.signal });
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.ok || opts.acceptStatuses?.includes(res.status)) return data as T;
  const obj = (data && typeof data === 'object' ? data : {}) as { error?: ErrorCode; message?: string };
  const code: ErrorCode = obj.error ?? `http_${res.status}`;
  // Refreshed in another tab while this call was under way (the old token is revoked once
  // exchanged): sent again, once, with the new one. A 401 was refused before anything was done.
  const now = auth.current?.();
  if (token && now && now !== token && isDeadSession(res.status, code) && !opts.retried) return request<T>(auth, method, path, { ...opts, retried: true });
  if (token) auth.onRefused(res.status, code, token);
  const message = typeof obj.message === 'string' && obj.message.trim() ? obj.message : null;
  throw new ApiError(res.status, code, message ?? `Request failed (${res.status})`, data, message === null);
}

/**
 * The URL path of a route of the document (`/v1/cars/getCar/{carId}`) with its `{...}` segments
 * filled and encoded, without the `/v1` that `buildUrl` adds.
 */
export function routePath(route: string, path?: Record<string, unknown>): string {
  const filled = route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = path?.[name];
    if (v === undefined || v === null) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(String(v));
  });
  return filled.replace(/^\/v1(?=\/|$)/, '');
}

type Init = { path?: Record<string, unknown>; params?: object; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal; acceptStatuses?: readonly number[] };

// Async, so that a missing path value rejects the call's promise like any other failure.
async function call<T>(auth: ClientAuth, method: string, route: string, init: Init = {}): Promise<T> {
  const { path, params, acceptStatuses, ...rest } = init;
  return request<T>(auth, method, routePath(route, path), { ...rest, params: params as Params | undefined, acceptStatuses });
}

/** A call of one method: the route is a literal of the document's `paths` that has it. */
type Call<M extends Method> = <P extends RouteWith<M>, S extends number = never>(route: P, ...init: CallArgs<CallInit<P, M, S>>) => Promise<Accepted<P, M, S>>;

/**
 * A client of the gateway that sends the token of one session. Each call names its route once,
 * as the OpenAPI document does: `client.get('/v1/cars/getCar/{carId}', { path: { carId } })`;
 * the URL, the path parameters, the query (`params`), the body and the answer's type all come
 * from it (`src/api/types.ts`).
 */
export function createApiClient(auth: ClientAuth) {
  const of =
    <M extends Method>(method: M): Call<M> =>
    (route, ...init) =>
      call(auth, method.toUpperCase(), route, init[0] as Init | undefined);
  return { get: of('get'), post: of('post'), put: of('put'), delete: of('delete') };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The guest's (and host's) client: it sends the guest session's token. */
export const api = createApiClient(guestAuth);

/** The message of a refusal, if the server gave one (not the client's "Request failed (500)"). */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && !err.generic && err.message ? err.message : null;
}

/** The message to show for a failed call: the server's, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return serverMessage(err) ?? fallback;
}
