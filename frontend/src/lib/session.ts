/**
 * The browser session: `token` and `user` in local storage (spec 000 section 3, browser
 * storage keys). A tiny store so React can subscribe to changes (login in a modal, logout, a
 * 401 from the server). The captain's session is another store of the same kind.
 */
import type { User } from '@/api/types';

/**
 * The signed-in user: the API's `User`, as a login or `getuser` answered it. A copy stored by an
 * earlier version of the app may lack fields, so every field is read as optional.
 */
export type SessionUser = Partial<User>;

export type Session = { token: string; user: SessionUser } | null;

/** A token and its user kept in local storage under two keys, which React can subscribe to. */
export type SessionStore<U extends object> = {
  get: () => { token: string; user: U } | null;
  token: () => string | null;
  set: (token: string, user: U) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
  /** Forget the cached value so the next read comes from storage. */
  reset: () => void;
};

const resets = new Set<() => void>();

/**
 * A session store over `tokenKey` and `userKey`. The guest's session (`token`, `user`) and the
 * captain's (`captainToken`, `captainUser`) are two stores: neither reads the other's token.
 */
export function createSessionStore<U extends object>(tokenKey: string, userKey: string): SessionStore<U> {
  const listeners = new Set<() => void>();
  let cached: { token: string; user: U } | null | undefined;
  const read = () => {
    try {
      const token = localStorage.getItem(tokenKey);
      const raw = localStorage.getItem(userKey);
      if (!token || !raw) return null;
      const user = JSON.parse(raw) as U;
      return user && typeof user === 'object' ? { token, user } : null;
    } catch {
      return null;
    }
  };
  const get = () => {
    if (cached === undefined) cached = read();
    return cached;
  };
  const store: SessionStore<U> = {
    get,
    token: () => get()?.token ?? null,
    set(token, user) {
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(userKey, JSON.stringify(user));
      cached = { token, user };
      listeners.forEach((l) => l());
    },
    clear() {
      localStorage.removeItem(tokenKey);
      localStorage.removeItem(userKey);
      cached = null;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === tokenKey || e.key === userKey || e.key === null) {
          cached = read();
          listener();
        }
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    reset() {
      cached = undefined;
    },
  };
  resets.add(store.reset);
  return store;
}

const TOKEN_KEY = 'token';
const guest = createSessionStore<SessionUser>(TOKEN_KEY, 'user');

export function getSession(): Session {
  return guest.get();
}

export function getToken(): string | null {
  return guest.token();
}

export function userIdOf(user: SessionUser | undefined | null): string | null {
  return user?.userId ?? user?._id ?? user?.user_id ?? null;
}

export function setSession(token: string, user: SessionUser): void {
  guest.set(token, user);
}

export function updateSessionUser(user: SessionUser): void {
  const s = getSession();
  if (s) setSession(s.token, { ...s.user, ...user });
}

export function clearSession(): void {
  guest.clear();
}

/** What the login says when it is asked because the session ended. */
export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';

const expiredListeners = new Set<() => void>();

/**
 * The session ended under the user (its token refused: expired, revoked, replaced): it is
 * cleared, and the app takes the user to log in again, back to the page afterwards
 * (`onSessionExpired`, app/layout).
 */
export function expireSession(): void {
  if (!guest.get()) return;
  guest.clear();
  expiredListeners.forEach((l) => l());
}

export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/**
 * The token as another tab may have just stored it: read from storage, not from the cached value
 * (which the storage event updates a moment later).
 */
export function storedToken(): string | null {
  let token: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
  } catch {
    return guest.token();
  }
  if (token !== guest.token()) guest.reset();
  return token;
}

export function subscribeSession(listener: () => void): () => void {
  return guest.subscribe(listener);
}

/** Test helper: forget every store's cached value so the next read comes from storage. */
export function resetSessionCache(): void {
  resets.forEach((reset) => reset());
}
