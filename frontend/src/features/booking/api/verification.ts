import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loginOtp } from '@/api/login-otp';
import { queryKeys } from '@/api/query-keys';
import type { Answer, Body } from '@/api/types';
import { api, buildUrl } from '@/lib/api-client';
import { getToken } from '@/lib/session';

/** An upload's answer: the documents' status after it, with what was uploaded. */
export type DocumentUpload = Answer<'/v1/users/uploadDriverDocument', 'post'>;

/** `GET /users/driverDocuments`: which documents are uploaded (`*StorageKey`) and whether the driver is verified. */
export function getDriverDocuments(token?: string) {
  return api.get('/v1/users/driverDocuments', { headers: token ? { Authorization: `Bearer ${token}` } : undefined });
}

export const driverDocumentsQueryOptions = (token?: string) => queryOptions({ queryKey: queryKeys.driverDocuments.of(token), queryFn: () => getDriverDocuments(token) });
export const useDriverDocuments = (token?: string) => useQuery(driverDocumentsQueryOptions(token));

export function updateProfile(body: Body<'/v1/users/profile', 'put'>) {
  return api.put('/v1/users/profile', { body });
}

export function useUpdateProfile(userId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.me(userId) }) });
}

/** The licence's details as kept (empty strings when none). */
export type DriverLicense = Awaited<ReturnType<typeof getDriverLicense>>;
export type DriverLicenseBody = Body<'/v1/users/driverLicense', 'put'>;

const getDriverLicense = () => api.get('/v1/users/driverLicense').then((a) => a.data);

export const driverLicenseQueryOptions = () => queryOptions({ queryKey: queryKeys.driverLicense, queryFn: getDriverLicense });
export const useDriverLicense = (enabled = true) => useQuery({ ...driverLicenseQueryOptions(), enabled });

/** Saves the driver form; the profile (its date of birth, what verification still needs) is read again. */
export function useSaveDriverLicense(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DriverLicenseBody) => api.put('/v1/users/driverLicense', { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.driverLicense });
      void qc.invalidateQueries({ queryKey: queryKeys.me(userId) });
    },
  });
}

export function generateTempToken() {
  return api.post('/v1/session/generate-temp-token');
}

export const tempTokenQueryOptions = () => queryOptions({ queryKey: queryKeys.tempToken, queryFn: generateTempToken, staleTime: 10 * 60_000 });
export const useTempToken = (enabled: boolean) => useQuery({ ...tempTokenQueryOptions(), enabled });

export type DocType = 'dl' | 'dlBackSide' | 'selfie';

/**
 * Uploads one driver document with progress (XMLHttpRequest: fetch has no upload progress).
 * `token` is the temporary token of the phone flow, else the session's.
 */
export function uploadDriverDocument(file: Blob, type: DocType, onProgress: (pct: number) => void, token?: string): Promise<DocumentUpload> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file instanceof File ? file.name : `${type}.jpg`);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/users/uploadDriverDocument'));
    const t = token ?? getToken();
    if (t) xhr.setRequestHeader('Authorization', `Bearer ${t}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as DocumentUpload);
      else reject(new Error(body.message || `Failed to upload ${type}. Please try again.`));
    };
    xhr.onerror = () => reject(new Error(`Error uploading ${type}. Please try again.`));
    xhr.send(form);
  });
}

export function useUploadDriverDocument(token?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, type, onProgress }: { file: Blob; type: DocType; onProgress: (p: number) => void }) => uploadDriverDocument(file, type, onProgress, token),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.driverDocuments.all }),
  });
}

/** Prebook's email step: the code goes to `login/otp` as an email code, without a device fingerprint; the session it answers is not used. */
export function useVerifyEmailCode(userId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (code: string) => loginOtp(userId, code, 'email', null), onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.me(userId) }) });
}
