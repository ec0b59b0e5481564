import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionAnswer } from '@/api/types';
import { jwt, session, user } from '@/test/fixtures';
import { server } from '@/test/server';
import { api } from './api-client';
import { getSession, getToken, onSessionExpired, setSession } from './session';
import { ensureFreshToken, refreshDue, REFRESH_WINDOW_SECONDS, secondsLeft, startSessionRefresh, tokenExpiry } from './session-refresh';

const nowSec = () => Math.floor(Date.now() / 1000);

type Seen = { path: string; auth: string | null };

/** refreshToken answers `answer` (or a new token), and getCar says which token it got. */
function backend(answer?: { status: number; body: object }) {
  const seen: Seen[] = [];
  const fresh = jwt(nowSec() + 86_400, 'fresh');
  server.use(
    http.post('*/v1/users/refreshToken', ({ request }) => {
      seen.push({ path: 'refresh', auth: request.headers.get('authorization') });
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      return HttpResponse.json<SessionAnswer>(session({ access_token: fresh, expiresAt: nowSec() + 86_400, message: 'Token refreshed', user: user({ firstName: 'Dana', lastName: 'Refreshed' }) }));
    }),
    http.get('*/v1/cars/getCar/c1', ({ request }) => {
      seen.push({ path: 'car', auth: request.headers.get('authorization') });
      return HttpResponse.json({ status: true, data: {} });
    }),
  );
  return { seen, fresh };
}

describe('the refresh window', () => {
  it('reads the end of a JWT and is due with 3600 seconds or less left, not once expired', () => {
    const t = 2_000_000_000;
    expect(tokenExpiry(jwt(t))).toBe(t);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(secondsLeft(jwt(t), (t - 100) * 1000)).toBe(100);
    expect(REFRESH_WINDOW_SECONDS).toBe(3600);
    expect(refreshDue(jwt(t), (t - 3601) * 1000)).toBe(false);
    expect(refreshDue(jwt(t), (t - 3600) * 1000)).toBe(true);
    expect(refreshDue(jwt(t), (t - 1) * 1000)).toBe(true);
    expect(refreshDue(jwt(t), t * 1000)).toBe(false);
    expect(refreshDue('opaque', 0)).toBe(false);
  });
});

describe('refreshing the session', () => {
  afterEach(() => vi.useRealTimers());

  it('refreshes a token with 3600 s or less left before a call, which then goes with the new token', async () => {
    const old = jwt(nowSec() + 1800, 'old');
    setSession(old, user({ firstName: 'Dana' }));
    const { seen, fresh } = backend();
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    expect(seen).toEqual([
      { path: 'refresh', auth: `Bearer ${old}` },
      { path: 'car', auth: `Bearer ${fresh}` },
    ]);
    expect(getToken()).toBe(fresh);
    expect(getSession()?.user.lastName).toBe('Refreshed');
  });

  it('calls made together wait for one refresh', async () => {
    setSession(jwt(nowSec() + 600, 'old'), user());
    const { seen, fresh } = backend();
    await Promise.all([api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } }), api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } }), api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } })]);
    expect(seen.filter((s) => s.path === 'refresh')).toHaveLength(1);
    expect(seen.filter((s) => s.path === 'car').map((s) => s.auth)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`, `Bearer ${fresh}`]);
  });

  it('does not refresh again for a minute a token that is still in the window (a server whose tokens live less than an hour)', async () => {
    setSession(jwt(nowSec() + 600, 'old'), user());
    const short = jwt(nowSec() + 900, 'short');
    const { seen } = backend({ status: 200, body: session({ access_token: short, expiresAt: nowSec() + 900 }) });
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    expect(seen.map((s) => s.path)).toEqual(['refresh', 'car', 'car']);
    expect(getToken()).toBe(short);
  });

  it('does not ask before the window opens', async () => {
    const token = jwt(nowSec() + 3700);
    setSession(token, user());
    const { seen } = backend();
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    expect(seen).toEqual([{ path: 'car', auth: `Bearer ${token}` }]);
  });

  it('keeps the session when the server says it is not due yet (this clock runs ahead), and waits before asking again', async () => {
    const token = jwt(nowSec() + 1800);
    setSession(token, user());
    const { seen } = backend({ status: 400, body: { error: 'token_refresh_not_due', message: 'The token is not due for a refresh yet' } });
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    expect(seen.map((s) => s.path)).toEqual(['refresh', 'car', 'car']);
    expect(getToken()).toBe(token);
  });

  it('ends the session when the refresh is refused', async () => {
    setSession(jwt(nowSec() + 1800), user());
    backend({ status: 401, body: { error: 'token_revoked', message: 'The token has been revoked' } });
    const ended = vi.fn();
    const off = onSessionExpired(ended);
    await ensureFreshToken();
    off();
    expect(getSession()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('signs a suspended account out', async () => {
    setSession(jwt(nowSec() + 1800), user());
    backend({ status: 403, body: { error: 'account_suspended', message: 'This account is suspended' } });
    await ensureFreshToken();
    expect(getSession()).toBeNull();
  });

  it('refreshes on load when due, and by a timer when the window opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const token = jwt(nowSec() + REFRESH_WINDOW_SECONDS + 120, 'later');
    setSession(token, user());
    const { seen, fresh } = backend();
    const stop = startSessionRefresh();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(62_000);
    await vi.waitFor(() => expect(getToken()).toBe(fresh));
    expect(seen).toEqual([{ path: 'refresh', auth: `Bearer ${token}` }]);
    stop();
  });

  it('sends a call refused with a token replaced meanwhile (another tab refreshed) again with the new one, and keeps the session', async () => {
    const old = jwt(nowSec() + 86_000, 'old');
    const fresh = jwt(nowSec() + 86_400, 'fresh');
    setSession(old, user());
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/v1/cars/getCar/c1', ({ request }) => {
        const auth = request.headers.get('authorization');
        seen.push(auth);
        if (auth === `Bearer ${old}`) {
          // The other tab's refresh lands while this call is under way.
          localStorage.setItem('token', fresh);
          return HttpResponse.json({ error: 'token_revoked', message: 'The token has been revoked' }, { status: 401 });
        }
        return HttpResponse.json({ status: true, data: {} });
      }),
    );
    const ended = vi.fn();
    const off = onSessionExpired(ended);
    await api.get('/v1/cars/getCar/{carId}', { path: { carId: 'c1' } });
    off();
    expect(seen).toEqual([`Bearer ${old}`, `Bearer ${fresh}`]);
    expect(ended).not.toHaveBeenCalled();
    expect(getToken()).toBe(fresh);
  });
});
