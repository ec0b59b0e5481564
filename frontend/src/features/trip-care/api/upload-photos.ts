import type { Body } from '@/api/types';
import { api } from '@/lib/api-client';
import { putFile } from '@/lib/upload';

/**
 * `POST /image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`, then one PUT of each
 * file to its `presignedUrl` (no token; `If-None-Match: *`, a link takes one upload), with its
 * progress. Answers the `s3Url`s, in order, which check-in, reports and attachments send.
 */
export async function uploadPhotos(files: File[], onProgress: (index: number, pct: number) => void = () => {}): Promise<string[]> {
  if (files.length === 0) return [];
  const body: Body<'/v1/image/generatePresignedUrlsForUpload', 'post'> = { files: files.map((f) => ({ fileName: f.name, fileType: f.type })) };
  const r = await api.post('/v1/image/generatePresignedUrlsForUpload', { body });
  if (r.urls.length !== files.length) throw new Error('Failed to upload images');
  await Promise.all(r.urls.map((u, i) => putFile(u.presignedUrl, files[i], (pct) => onProgress(i, pct), () => 'Error uploading images. Please try again.')));
  return r.urls.map((u) => u.s3Url);
}
