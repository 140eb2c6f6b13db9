// Card verification calls (account-only: they carry the owner's bearer token).
import { api } from './client.ts';
import type { Paged } from './schemas/common.ts';
import { paged } from './schemas/common.ts';
import {
  uploadResponse,
  verification,
  verificationStatusResponse,
  type Verification,
  type VerificationStatusResponse,
} from './schemas/verification.ts';
import { uploadWithProgress, type UploadHandle } from './uploadWithProgress.ts';

const verificationPage = paged(verification);

export async function listVerifications(query: { page?: number; size?: number } = {}): Promise<Paged<Verification>> {
  const searchParams = { page: query.page ?? 1, size: query.size ?? 50 };
  return verificationPage.parse(await api.get('/api/v1/verify/', { searchParams }).json());
}

/** `key` is the verification's id or its uuid (the /verification/{uuid} page knows only the uuid). */
export async function getVerification(key: number | string): Promise<Verification> {
  return verification.parse(await api.get(`/api/v1/verify/${encodeURIComponent(String(key))}/`).json());
}

export async function createVerification(card: string): Promise<Verification> {
  return verification.parse(await api.post('/api/v1/verify/', { json: { card } }).json());
}

export async function deleteVerification(id: number): Promise<void> {
  await api.delete(`/api/v1/verify/${id}/`);
}

export async function getVerificationStatus(id: number): Promise<VerificationStatusResponse> {
  return verificationStatusResponse.parse(await api.get(`/api/v1/verify/${id}/status/`).json());
}

export async function confirmVerification(id: number): Promise<void> {
  await api.post('/api/v2/verify/confirm/', { json: { verification: id } });
}

/** POST /api/v2/verify/upload/ with progress; the status call renews an expired access token. */
export function uploadVerificationImage(
  verificationId: number,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
): UploadHandle<{ images: number }> {
  return uploadWithProgress({
    path: '/api/v2/verify/upload/',
    form: () => {
      const form = new FormData();
      form.append('verification', String(verificationId));
      form.append('file', file, file instanceof File ? file.name : 'card');
      return form;
    },
    parse: (body) => {
      const parsed = uploadResponse.safeParse(body);
      return parsed.success ? { images: parsed.data.images } : null;
    },
    onProgress,
    renewToken: () => getVerificationStatus(verificationId),
  });
}
