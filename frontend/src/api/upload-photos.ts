/** The car photos' uploads of the listing wizard and the car's Photos tab (spec 001 section 7, photos and files). */
import type { Answer, Body } from '@/api/types';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { putFile as put } from '@/lib/upload';

export type UploadUrl = Answer<'/v1/image/generatePresignedUrlsForUpload', 'post'>['urls'][number];

/** `POST /image/generatePresignedUrlsForUpload {files: [{fileName, fileType}]}`: one upload link per file, in order. */
export async function presignUploads(files: File[]): Promise<UploadUrl[]> {
  // "Calls throw 'Token is missing' when there is no token" (spec 001 section 5, image uploads).
  if (!getToken()) throw new Error('Token is missing');
  const body: Body<'/v1/image/generatePresignedUrlsForUpload', 'post'> = { files: files.map((f) => ({ fileName: f.name, fileType: f.type })) };
  const r = await api.post('/v1/image/generatePresignedUrlsForUpload', { body });
  if (r.urls.length !== files.length) throw new Error('the server gave the wrong number of upload links');
  return r.urls;
}

/** One PUT of a file to its signed link, with its progress; the refusal's text names the file. */
export function putFile(url: string, file: File, onProgress: (pct: number) => void): Promise<void> {
  return put(url, file, onProgress, (status) => (status ? `${file.name} was not accepted (${status})` : `network error while sending ${file.name}`));
}
