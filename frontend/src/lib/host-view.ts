/**
 * The guest/host view switch: the spec's `isHostView` flag in local storage (spec 000 section
 * 3, browser storage keys; "true" or "false", anything else read as the guest's, spec 000
 * section 4.5). Home and search are always the guest's (spec 000 section 6): the
 * layout turns the flag off on home, and sends a host-view user who opens /search to /bookings,
 * the host view's landing page.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'isHostView';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function isHostView(): boolean {
  return read();
}

export function setHostView(on: boolean): void {
  if (read() === on) return;
  try {
    localStorage.setItem(KEY, on ? 'true' : 'false');
  } catch {
    /* storage refused (private mode): the view lasts as long as the page */
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The flag, re-read when it changes here or in another tab. */
export function useHostView(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
