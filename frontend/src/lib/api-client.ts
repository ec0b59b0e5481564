import { env } from '@/config/env';
import { clearSession, getToken } from './session';

/** An answer of the gateway that is not 2xx: `{error, message}` (CONTRACT.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  constructor(status: number, code: string, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

type RequestOptions = {
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses other than 2xx whose body is still an answer (availability calls: 400). */
  acceptStatuses?: number[];
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

// Codes that mean the stored session is no longer valid: it is cleared (spec 000 section 3).
const DEAD_SESSION = new Set(['token_invalid', 'token_expired', 'token_revoked']);

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = getToken();
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
  const obj = (data && typeof data === 'object' ? data : {}) as { error?: string; message?: string };
  const code = obj.error ?? `http_${res.status}`;
  if (res.status === 401 && token && DEAD_SESSION.has(code)) clearSession();
  throw new ApiError(res.status, code, obj.message ?? `Request failed (${res.status})`, data);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};

/** The message to show for a failed call: the server's, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
