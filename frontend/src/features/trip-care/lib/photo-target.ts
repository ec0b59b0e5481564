/**
 * Where the photo attach screen's photos go (spec 002 sections 2 and 4): a path containing
 * report-issue goes to the issue report, report-damage to the damage report keyed by category,
 * anything else to the incidence charge keyed by type.
 */
export type ReportKind = 'report-issue' | 'report-damage' | 'incidence';

export function reportKind(path: string): ReportKind {
  if (path.includes('report-issue')) return 'report-issue';
  if (path.includes('report-damage')) return 'report-damage';
  return 'incidence';
}

/** The last two path segments: the report kind as written, and the category. */
export function photoPath(pathname: string): { kind: ReportKind; category: string } {
  const parts = pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  const category = parts[parts.length - 1] ?? '';
  const kindSegment = parts[parts.length - 2] ?? '';
  return { kind: reportKind(kindSegment), category };
}

/** 'N photos selected' or 'Nothing selected yet'. */
export function selectionText(n: number): string {
  if (n <= 0) return 'Nothing selected yet';
  return `${n} ${n === 1 ? 'photo' : 'photos'} selected`;
}

export const AT_LEAST_ONE = 'Please select or capture at least 1 image.';
export const TOKEN_MISSING = 'Authentication token is missing. Please try logging in again.';

/** A failed upload of trip photos, whatever the file or status (the server's message, when it gave one, is shown instead). */
export const UPLOAD_FAILED = () => 'Error uploading images. Please try again.';
