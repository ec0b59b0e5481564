import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';

export type UploadUrl = Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>['urls'][number];

/** `POST /image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`: one upload link per file, in order. */
export async function presignUploads(files: File[]): Promise<UploadUrl[]> {
  // "Calls throw 'Token is missing' when there is no token" (spec 001 section 5, image uploads).
  if (!getToken()) throw new Error('Token is missing');
  const body: Body<'/v1/image/generatePresignedUrlsForUpload', 'post'> = { files: files.map((f) => ({ fileName: f.name, fileType: f.type })) };
  const r = await api.post<Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>>('/image/generatePresignedUrlsForUpload', body);
  if (r.urls.length !== files.length) throw new Error('the server gave the wrong number of upload links');
  return r.urls;
}

/**
 * One PUT of a file to its signed link, with its progress (XMLHttpRequest: fetch reports no
 * upload progress). The link is signed: no token goes with it. `If-None-Match: *` as the
 * files decision asks (a link takes one upload).
 */
export function putFile(url: string, file: File, onProgress: (pct: number) => void): Promise<void> {
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
      let message = `${file.name} was not accepted (${xhr.status})`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string };
        if (body.message) message = body.message;
      } catch {
        /* not JSON */
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error(`network error while sending ${file.name}`));
    xhr.send(file);
  });
}
