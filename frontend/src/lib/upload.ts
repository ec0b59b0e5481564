import { ApiError, type ErrorCode } from './api-client';

/**
 * Where to send a signed upload link's PUT. In the development server the API is proxied under
 * `/v1` on the app's own origin while the gateway signs links with its own address, a second
 * origin whose PUT the browser would first ask about (a CORS preflight the gateway does not
 * answer): a link to the gateway's own file store (`/v1/files/...`) is sent to the same path on
 * the app's origin there. Built apps are served by the gateway (one origin), and links to an
 * object store go where they point.
 */
export function uploadTarget(url: string, dev: boolean = import.meta.env.DEV, here: string = window.location.href): string {
  if (!dev) return url;
  try {
    const link = new URL(url, here);
    if (link.origin !== new URL(here).origin && link.pathname.startsWith('/v1/files/')) return `${link.pathname}${link.search}`;
  } catch {
    /* not a URL: left as it is */
  }
  return url;
}

/**
 * One PUT of a file to a signed upload link, with its progress (XMLHttpRequest: fetch reports no
 * upload progress). The link is signed: no token goes with it; `If-None-Match: *` because a link
 * takes one upload (docs/API.md, Files). A refusal rejects with the server's `{error, message}`
 * as an `ApiError`, else with `fallback(status)`; a network failure with `fallback()`.
 */
export function putFile(url: string, file: File, onProgress: (pct: number) => void, fallback: (status?: number) => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadTarget(url));
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
      let body: { error?: ErrorCode; message?: string } = {};
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
