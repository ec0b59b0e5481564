/**
 * The photos check-in, checkout and reports take (docs/API.md, Files and check-in): JPEG, PNG
 * and HEIC/HEIF (WebP too), at most 20 MB each, at most 50 a call. Client checks are a
 * convenience: the server checks again.
 */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_PHOTOS = 50;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,image/webp,.jpg,.jpeg,.png,.heic,.heif,.webp';

const BY_EXT: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', heic: 'image/heic', heif: 'image/heif', webp: 'image/webp' };
const TYPES = new Set(Object.values(BY_EXT));

/** The photo's type: the browser's when the server takes it, else from the name (HEIC often arrives untyped). */
export function photoType(file: { name: string; type: string }): string | null {
  const t = file.type.toLowerCase();
  if (t === 'image/jpg') return 'image/jpeg';
  if (TYPES.has(t)) return t;
  if (t && t !== 'application/octet-stream') return null;
  return BY_EXT[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** What is wrong with a chosen photo, or null. */
export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (!photoType(file)) return `${file.name} is not a JPEG, PNG or HEIC photo.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} exceeds the maximum size of 20MB.`;
  return null;
}

/** The file as it is sent: typed (an untyped HEIC gets its type from its name). */
export function typed(file: File): File {
  const type = photoType(file);
  if (!type || type === file.type) return file;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

const MAX_BYTES = 2 * 1024 * 1024;
const MAX_SIDE = 1920;

/**
 * Photos are sent as JPEG of at most 1920 px and 2 MB (spec 002 section 9) when the browser can
 * decode them; HEIC it cannot decode goes as it is (the server takes it).
 */
export async function preparePhoto(file: File): Promise<File> {
  const t = typed(file);
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return t;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(t);
  } catch {
    return t;
  }
  const k = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * k));
  canvas.height = Math.max(1, Math.round(bitmap.height * k));
  const ctx = canvas.getContext('2d');
  if (!ctx) return t;
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.9, 0.8, 0.7, 0.6]) {
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', quality));
    if (blob && blob.size <= MAX_BYTES) return new File([blob], `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  }
  return t;
}
