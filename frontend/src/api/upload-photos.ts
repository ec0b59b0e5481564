/**
 * The guest's (and host's) signed uploads (spec 001 section 7, photos and files): car photos in
 * the listing wizard and a car's Photos tab, trip photos (check-in, check-out, reports) and chat
 * pictures. The captains' uploads have a route and a client of their own.
 */
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { putFile as put } from '@/lib/upload';

/** One upload link: `presignedUrl` takes the PUT, `s3Url` is what a car, trip or message then carries. */
export type UploadUrl = Awaited<ReturnType<typeof presignUploads>>[number];

/** `POST /image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`: one upload link per file, in order. */
export async function presignUploads(files: File[]) {
  // "Calls throw 'Token is missing' when there is no token" (spec 001 section 5, image uploads).
  if (!getToken()) throw new Error('Token is missing');
  const r = await api.post('/v1/image/generatePresignedUrlsForUpload', { body: { files: files.map((f) => ({ fileName: f.name, fileType: f.type })) } });
  if (r.urls.length !== files.length) throw new Error('the server gave the wrong number of upload links');
  return r.urls;
}

/** What a refused PUT (`status`) or one that got no answer says when the server gave no message. */
export type UploadFallback = (file: File, status?: number) => string;

const notAccepted: UploadFallback = (file, status) => (status ? `${file.name} was not accepted (${status})` : `network error while sending ${file.name}`);

/** One PUT of a file to its signed link, with its progress; the refusal's text names the file unless `fallback` says otherwise. */
export function putFile(url: string, file: File, onProgress: (pct: number) => void, fallback: UploadFallback = notAccepted): Promise<void> {
  return put(url, file, onProgress, (status) => fallback(file, status));
}

/**
 * The files uploaded: their links asked for, then one PUT of each (no token; `If-None-Match: *`,
 * a link takes one upload), side by side, with each one's progress. Answers the `s3Url`s, in
 * order, which check-in, reports, attachments and messages send.
 */
export async function uploadFiles(files: File[], opts: { onProgress?: (index: number, pct: number) => void; fallback?: UploadFallback } = {}): Promise<string[]> {
  if (files.length === 0) return [];
  const urls = await presignUploads(files);
  await Promise.all(urls.map((u, i) => putFile(u.presignedUrl, files[i], (pct) => opts.onProgress?.(i, pct), opts.fallback)));
  return urls.map((u) => u.s3Url);
}
