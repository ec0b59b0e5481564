import { ApiError } from './api-client';

/**
 * One PUT of a file to a signed upload link, with its progress (XMLHttpRequest: fetch reports no
 * upload progress). The link is signed: no token goes with it; `If-None-Match: *` because a link
 * takes one upload (docs/API.md, Files). A refusal rejects with the server's `{error, message}`
 * as an `ApiError`, else with `fallback(status)`; a network failure with `fallback()`.
 */
export function putFile(url: string, file: File, onProgress: (pct: number) => void, fallback: (status?: number) => string): Promise<void> {
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
      reject(new ApiError(xhr.status, body.error ?? `http_${xhr.status}`, body.message ?? fallback(xhr.status), body));
    };
    xhr.onerror = () => reject(new Error(fallback()));
    xhr.send(file);
  });
}
