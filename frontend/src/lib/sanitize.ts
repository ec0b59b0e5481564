/**
 * Input sanitizing before sending (spec 000 section 5, 002 section 5): a "string" field has
 * HTML tags removed and keeps only letters, spaces, apostrophes and hyphens; "email" is
 * lowercased and trimmed; "phone" keeps digits only.
 */
export type SanitizeKind = 'string' | 'email' | 'phone';

export function sanitize(value: string, kind: SanitizeKind): string {
  switch (kind) {
    case 'string':
      return value.replace(/<[^>]*>/g, '').replace(/[^\p{L} '-]/gu, '');
    case 'email':
      return value.trim().toLowerCase();
    case 'phone':
      return value.replace(/\D/g, '');
  }
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `(xxx) xxx-xxxx` while typing a US number. */
export function formatUsPhone(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
