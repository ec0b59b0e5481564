import { useMutation } from '@tanstack/react-query';
import { ApiError, type ErrorCode } from '@/lib/api-client';
import { uploadTarget } from '@/lib/upload';
import { captainApi } from '../lib/captain-session';

/** The photo types the server takes for a step (docs/API.md, Files), by MIME type and extension. */
export const PHOTO_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_PHOTOS = 20;

/** A photo's type: the browser's when it gives one we take, else from the name (HEIC often comes untyped). */
export function photoType(file: File): string | null {
  const known = new Set(Object.values(PHOTO_TYPES));
  if (known.has(file.type)) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return PHOTO_TYPES[ext] ?? null;
}

/**
 * `POST /captains/image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`, then a
 * PUT of each photo to its `presignedUrl`; answers the `s3Url`s to send as a step's `photoUrls`.
 */
export async function uploadCaptainPhotos(files: File[]): Promise<string[]> {
  if (files.length === 0) return [];
  const typed = files.map((file) => ({ file, type: photoType(file) ?? file.type }));
  const r = await captainApi.post('/v1/captains/image/generatePresignedUrlsForUpload', { body: { files: typed.map(({ file, type }) => ({ fileName: file.name, fileType: type })) } });
  if (r.urls.length !== files.length) throw new Error('Failed to upload images');
  await Promise.all(
    r.urls.map(async (u, i) => {
      // A signed URL: no token goes with it.
      const res = await fetch(uploadTarget(u.presignedUrl), { method: 'PUT', headers: { 'Content-Type': typed[i].type }, body: typed[i].file });
      if (!res.ok) {
        const err = (await res.json().catch(() => ({}))) as { error?: ErrorCode; message?: string };
        throw new ApiError(res.status, err.error ?? `http_${res.status}`, err.message ?? `Failed to upload ${typed[i].file.name}`, err);
      }
    }),
  );
  return r.urls.map((u) => u.s3Url);
}

export function useUploadCaptainPhotos() {
  return useMutation({ mutationFn: uploadCaptainPhotos });
}
