/**
 * The browser session: `token` and `user` in local storage (spec 000 section 3, browser
 * storage keys). A tiny store so React can subscribe to changes (login in a modal, logout, a
 * 401 from the server).
 */
import type { User } from '@/api/types';

/**
 * The signed-in user: the API's `User`, as a login or `getuser` answered it. A copy stored by an
 * earlier version of the app may lack fields, so every field is read as optional.
 */
export type SessionUser = Partial<User>;

export type Session = { token: string; user: SessionUser } | null;

const TOKEN = 'token';
const USER = 'user';
const listeners = new Set<() => void>();
let cached: Session | undefined;

function read(): Session {
  try {
    const token = localStorage.getItem(TOKEN);
    const raw = localStorage.getItem(USER);
    if (!token || !raw) return null;
    const user = JSON.parse(raw) as SessionUser;
    return user && typeof user === 'object' ? { token, user } : null;
  } catch {
    return null;
  }
}

export function getSession(): Session {
  if (cached === undefined) cached = read();
  return cached;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function userIdOf(user: SessionUser | undefined | null): string | null {
  return user?.userId ?? user?._id ?? user?.user_id ?? null;
}

export function setSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
  cached = { token, user };
  listeners.forEach((l) => l());
}

export function updateSessionUser(user: SessionUser): void {
  const s = getSession();
  if (s) setSession(s.token, { ...s.user, ...user });
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
  cached = null;
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN || e.key === USER || e.key === null) {
      cached = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Test helper: forget the cached value so the next read comes from storage. */
export function resetSessionCache(): void {
  cached = undefined;
}
