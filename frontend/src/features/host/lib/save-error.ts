import { ApiError } from '@/lib/api-client';

/** The server's `message` when it refused with one (403 `team_permission_denied`, 409 `car_has_trips`, ...), else the spec's text. */
export function saveError(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}
