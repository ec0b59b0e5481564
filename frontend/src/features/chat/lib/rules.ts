/**
 * The chat's rules (spec 000 sections 4.7, 5, 9; spec 001 sections 4, 9), as plain functions so
 * they are tested alone.
 */

/** Rooms a page of the list (spec 001 section 9). */
export const ROOMS_PAGE_SIZE = 10;
/** The last message's preview in the list, in characters (spec 001 section 9). */
export const PREVIEW_LENGTH = 40;
/** Pages shown on each side of the current one (spec 001 section 9). */
export const PAGE_WINDOW = 2;
/** A sent message and its real-time echo within this window are one message (spec 000 section 4.7). */
export const DEDUP_WINDOW_MS = 5000;

export const EMPTY_MESSAGE = 'Cannot send an empty message';
export const SEND_FAILED = 'Failed to send message';

/** The list's preview: the first 40 characters (by code point, so an emoji is never cut in half), `…` when cut. */
export function preview(text: string | null | undefined, length = PREVIEW_LENGTH): string {
  const chars = Array.from((text ?? '').replace(/\s+/g, ' ').trim());
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}

export type PageItem = number | 'gap';

/**
 * The pagination's buttons: the first page, the last, and a window of 2 around the current one,
 * with a gap (`…`) where pages are left out. Nothing when there is one page or none.
 */
export function pageItems(current: number, total: number, window = PAGE_WINDOW): PageItem[] {
  if (total <= 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set<number>([1, total]);
  for (let p = page - window; p <= page + window; p++) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push('gap');
    items.push(p);
  });
  return items;
}

/** Cannot send: no text (blank) and no picture (spec 000 section 5). */
export function emptyMessageError(text: string, files: number): string | null {
  return text.trim() === '' && files === 0 ? EMPTY_MESSAGE : null;
}

/** The keys of a composer key press that matter. */
export type KeyPress = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; isComposing?: boolean };

/**
 * Whether a key press sends (spec 000 section 5): on desktop Enter sends and Shift+Enter is a new
 * line; on mobile Enter is a new line and Ctrl/Cmd+Enter sends. Never while an IME composes.
 */
export function sendsOnKey(e: KeyPress, mobile: boolean): boolean {
  if (e.key !== 'Enter' || e.isComposing) return false;
  if (mobile) return e.ctrlKey || e.metaKey;
  return !e.shiftKey;
}

/** Mobile for the composer: a coarse pointer (touch) or a narrow screen. */
export function isMobileInput(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  return window.matchMedia('(pointer: coarse)').matches || window.matchMedia('(max-width: 767px)').matches;
}
