/**
 * The photo rules of the listing (spec 001 sections 5 and 9; image uploads in general): pure
 * functions, so the checks are tested without a browser. `prepare-photo.ts` runs them on real
 * files in order.
 */

/** "max 20 MB (20971520 bytes)". */
export const MAX_PHOTO_BYTES = 20_971_520;
/** "min 360x360 px". */
export const MIN_PHOTO_SIDE = 360;
/** Photos are sent as JPEG of at most 2 MB and 1920 px on the longest side. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_UPLOAD_SIDE = 1920;
/** HEIC and HEIF are converted to JPEG at this quality before anything else. */
export const HEIC_QUALITY = 0.9;
/** What the file picker offers: JPEG and PNG, and HEIC/HEIF (converted in the browser). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif';

export type PhotoKind = 'jpeg' | 'png' | 'heic';

type Named = { name: string; type: string; size: number };

const BY_TYPE: Record<string, PhotoKind> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};
const BY_EXT: Record<string, PhotoKind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', heic: 'heic', heif: 'heic' };

/** The photo's kind by its type, else by its name (HEIC often arrives untyped); null when refused. */
export function photoKind(file: Pick<Named, 'name' | 'type'>): PhotoKind | null {
  const byType = BY_TYPE[file.type.toLowerCase()];
  if (byType) return byType;
  if (file.type && file.type !== 'application/octet-stream') return null;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXT[ext] ?? null;
}

export function isHeic(file: Pick<Named, 'name' | 'type'>): boolean {
  return photoKind(file) === 'heic';
}

/** Empty files are skipped without a message. */
export function isEmpty(file: Pick<Named, 'size'>): boolean {
  return file.size === 0;
}

export function typeError(file: Pick<Named, 'name' | 'type'>): string | null {
  return photoKind(file) ? null : `${file.name} is not a JPEG or PNG image.`;
}

/** "each file at most 20 MB ('{file} exceeds the maximum size of 20MB.')". */
export function sizeError(file: Pick<Named, 'name' | 'size'>): string | null {
  return file.size > MAX_PHOTO_BYTES ? `${file.name} exceeds the maximum size of 20MB.` : null;
}

/** "each image at least 360 by 360 pixels ('Resolution error for {file}')". */
export function resolutionError(name: string, width: number, height: number): string | null {
  return width >= MIN_PHOTO_SIDE && height >= MIN_PHOTO_SIDE ? null : `Resolution error for ${name}`;
}

/** The size to draw at: the longest side at most `max`, the proportions kept, never enlarged. */
export function scaledSize(width: number, height: number, max = MAX_UPLOAD_SIDE): { width: number; height: number } {
  const k = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** `IMG_1.HEIC` -> `IMG_1.jpg`: the name of the JPEG sent for a file. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '');
  return `${base || 'photo'}.jpg`;
}

/** Moves the item at `from` to `to` (a reorder), the others keeping their order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [it] = next.splice(from, 1);
  next.splice(to, 0, it);
  return next;
}
