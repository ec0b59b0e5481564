import { useMutation } from '@tanstack/react-query';
import type { Body } from '@/api/types';
import { api, ApiError } from '@/lib/api-client';
import { uploadTarget } from '@/lib/upload';

/** The picture types a message takes (docs/API.md, Files), at most 10 a message and 20 MB each. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
export const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));
export const MAX_IMAGES = 10;
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * `POST /image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`, then a PUT of each
 * picture to its `presignedUrl` (no token; `If-None-Match: *`); answers the `s3Url`s a message
 * carries as `imageUrl`.
 */
export async function uploadImages(files: File[]): Promise<string[]> {
  if (files.length === 0) return [];
  const body: Body<'/v1/image/generatePresignedUrlsForUpload', 'post'> = { files: files.map((f) => ({ fileName: f.name, fileType: f.type })) };
  const r = await api.post('/v1/image/generatePresignedUrlsForUpload', { body });
  if (r.urls.length !== files.length) throw new Error('Failed to upload images');
  await Promise.all(
    r.urls.map(async (u, i) => {
      const res = await fetch(uploadTarget(u.presignedUrl), { method: 'PUT', headers: { 'Content-Type': files[i].type, 'If-None-Match': '*' }, body: files[i] });
      if (!res.ok) {
        const err = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
        throw new ApiError(res.status, err.error ?? `http_${res.status}`, err.message ?? `Failed to upload ${files[i].name}`, err);
      }
    }),
  );
  return r.urls.map((u) => u.s3Url);
}

export function useUploadImages() {
  return useMutation({ mutationFn: uploadImages });
}
