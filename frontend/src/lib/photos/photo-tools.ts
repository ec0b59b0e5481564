/**
 * The browser half of the photo pipeline (`prepare-photo.ts` holds the rules): HEIC decoding,
 * reading an image's size, and drawing the JPEG that is sent.
 */
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_SIDE, scaledSize } from './image-rules';
import type { PhotoTools } from './prepare-photo';

/**
 * HEIC/HEIF to JPEG with `heic-to` (libheif compiled to JavaScript, its build that needs no
 * `eval`, so the app's Content-Security-Policy holds). Its 3 MB are a chunk of their own,
 * fetched only when a HEIC file is chosen.
 */
async function convertHeic(file: Blob, quality: number): Promise<Blob> {
  const { heicTo } = await import('heic-to/csp');
  return heicTo({ blob: file, type: 'image/jpeg', quality });
}

type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function dimensions(file: Blob): Promise<{ width: number; height: number }> {
  const d = await decode(file);
  d.close();
  return { width: d.width, height: d.height };
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** At most 1920 px on the longest side and 2 MB: lower quality first, then smaller. */
async function compress(file: Blob): Promise<Blob> {
  const d = await decode(file);
  try {
    let { width, height } = scaledSize(d.width, d.height, MAX_UPLOAD_SIDE);
    const canvas = document.createElement('canvas');
    for (let round = 0; round < 6; round++) {
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('This browser cannot draw images.');
      // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(d.source, 0, 0, width, height);
      for (const q of [0.9, 0.8, 0.7, 0.6]) {
        const blob = await toJpeg(canvas, q);
        if (blob && blob.size <= MAX_UPLOAD_BYTES) return blob;
      }
      ({ width, height } = scaledSize(width, height, Math.round(Math.max(width, height) * 0.8)));
    }
    throw new Error('The photo could not be made small enough.');
  } finally {
    d.close();
  }
}

export const browserPhotoTools: PhotoTools = { convertHeic, dimensions, compress };
