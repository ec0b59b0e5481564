/**
 * Driver photos are sent as JPEG of at most 1920 px on the longest side and 2 MB
 * (spec 002 section 5). PDFs (selfie only) and files the browser cannot decode (HEIC on most
 * desktop browsers) are sent as they are; the server checks type and size again.
 */
export const MAX_BYTES = 2 * 1024 * 1024;
export const MAX_SIDE = 1920;

export function scaledSize(w: number, h: number, max = MAX_SIDE): { width: number; height: number } {
  const k = Math.min(1, max / Math.max(w, h));
  return { width: Math.round(w * k), height: Math.round(h * k) };
}

export async function compressImage(file: File): Promise<Blob> {
  if (file.size === 0) throw new Error('No images were uploaded.');
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const { width, height } = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  for (const quality of [0.9, 0.8, 0.7, 0.6, 0.5]) {
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', quality));
    if (blob && blob.size <= MAX_BYTES) return blob;
  }
  return file;
}
