import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetSessionCache } from '@/lib/session';
import { resetSessionRefresh } from '@/lib/session-refresh';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// jsdom has no matchMedia; the app reads it for breakpoints (desktop by default here).
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: /min-width: 1024px/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionCache();
  resetSessionRefresh();
});
