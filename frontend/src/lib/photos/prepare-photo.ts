/**
 * One chosen file on its way to the upload (spec 001 section 5; image uploads in general):
 * empty files are skipped, HEIC/HEIF is converted to JPEG at 0.9 before anything else, then the
 * 20 MB limit, then the 360 x 360 minimum read from the decoded image, then the JPEG sent
 * (at most 1920 px and 2 MB). The browser steps are passed in, so the order is tested without
 * a browser.
 */
import { HEIC_QUALITY, isEmpty, isHeic, jpegName, resolutionError, sizeError, typeError } from './image-rules';

export type PhotoTools = {
  /** HEIC/HEIF to JPEG at `quality`. */
  convertHeic: (file: Blob, quality: number) => Promise<Blob>;
  /** The decoded image's pixel size. */
  dimensions: (file: Blob) => Promise<{ width: number; height: number }>;
  /** A JPEG of at most 1920 px on the longest side and 2 MB. */
  compress: (file: Blob) => Promise<Blob>;
};

export type Prepared = { kind: 'skip' } | { kind: 'error'; message: string } | { kind: 'ok'; file: File; width: number; height: number };

export async function preparePhoto(file: File, tools: PhotoTools): Promise<Prepared> {
  if (isEmpty(file)) return { kind: 'skip' };
  const refused = typeError(file);
  if (refused) return { kind: 'error', message: refused };
  let blob: Blob = file;
  if (isHeic(file)) {
    try {
      blob = await tools.convertHeic(file, HEIC_QUALITY);
    } catch {
      return { kind: 'error', message: `${file.name} could not be converted from HEIC.` };
    }
  }
  const tooLarge = sizeError({ name: file.name, size: blob.size });
  if (tooLarge) return { kind: 'error', message: tooLarge };
  let size: { width: number; height: number };
  try {
    size = await tools.dimensions(blob);
  } catch {
    return { kind: 'error', message: `${file.name} could not be read as an image.` };
  }
  const lowRes = resolutionError(file.name, size.width, size.height);
  if (lowRes) return { kind: 'error', message: lowRes };
  const jpeg = await tools.compress(blob);
  return { kind: 'ok', file: new File([jpeg], jpegName(file.name), { type: 'image/jpeg' }), width: size.width, height: size.height };
}
