import type { Answer, Body } from '@/api/types';
import { api, ApiError } from '@/lib/api-client';

/**
 * `POST /image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`, then one PUT of each
 * file to its `presignedUrl` (no token; `If-None-Match: *`, a link takes one upload), with its
 * progress. Answers the `s3Url`s, in order, which check-in, reports and attachments send.
 */
export async function uploadPhotos(files: File[], onProgress: (index: number, pct: number) => void = () => {}): Promise<string[]> {
  if (files.length === 0) return [];
  const body: Body<'/v1/image/generatePresignedUrlsForUpload', 'post'> = { files: files.map((f) => ({ fileName: f.name, fileType: f.type })) };
  const r = await api.post<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>('/image/generatePresignedUrlsForUpload', body);
  if (r.urls.length !== files.length) throw new Error('Failed to upload images');
  await Promise.all(r.urls.map((u, i) => putFile(u.presignedUrl, files[i], (pct) => onProgress(i, pct))));
  return r.urls.map((u) => u.s3Url);
}

/** XMLHttpRequest rather than fetch: fetch reports no upload progress. */
function putFile(url: string, file: File, onProgress: (pct: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.setRequestHeader('If-None-Match', '*');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: { error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON */
      }
      reject(new ApiError(xhr.status, body.error ?? `http_${xhr.status}`, body.message ?? 'Error uploading images. Please try again.', body));
    };
    xhr.onerror = () => reject(new Error('Error uploading images. Please try again.'));
    xhr.send(file);
  });
}
