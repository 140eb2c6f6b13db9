// Card verification calls (account-only: they carry the owner's bearer token).
import { api } from './client.ts';
import { accessToken, apiPrefix } from './credentials.ts';
import type { ErrorBody, Paged } from './schemas/common.ts';
import { paged } from './schemas/common.ts';
import {
  uploadResponse,
  verification,
  verificationStatusResponse,
  type Verification,
  type VerificationStatusResponse,
} from './schemas/verification.ts';

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

export interface UploadHandle {
  /** Resolves with the number of photos stored, rejects with the error body. */
  done: Promise<{ images: number }>;
  abort: () => void;
}

/** Rejection of an upload, in the same DRF shape as `errorBody` gives for ky calls. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

function sendOnce(
  verificationId: number,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
  register: (xhr: XMLHttpRequest) => void,
): Promise<{ images: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open('POST', `${apiPrefix()}/api/v2/verify/upload/`);
    xhr.withCredentials = true;
    const token = accessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (event) => {
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    });
    xhr.addEventListener('load', () => {
      const body = (xhr.response ?? null) as unknown;
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadResponse.safeParse(body);
        if (parsed.success) resolve({ images: parsed.data.images });
        else reject(new UploadError(xhr.status, { code: 'invalid_response' }));
        return;
      }
      const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : { code: `http_${xhr.status}` };
      reject(new UploadError(xhr.status, errorBody));
    });
    xhr.addEventListener('error', () => reject(new UploadError(0, { code: 'network_error' })));
    xhr.addEventListener('abort', () => reject(new UploadError(0, { code: 'aborted' })));
    const form = new FormData();
    form.append('verification', String(verificationId));
    form.append('file', file, file instanceof File ? file.name : 'card');
    xhr.send(form);
  });
}

/**
 * POST /api/v2/verify/upload/ through XMLHttpRequest: fetch reports no upload progress over HTTP/1.1.
 * An expired access token is renewed by one small ky call (which owns the refresh) and the upload is sent again once.
 */
export function uploadVerificationImage(
  verificationId: number,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const register = (xhr: XMLHttpRequest) => {
    current = xhr;
  };
  const done = sendOnce(verificationId, file, onProgress, register).catch(async (error: unknown) => {
    const expired = error instanceof UploadError && error.status === 401 && error.body.code === 'token_not_valid';
    if (!expired || aborted) throw error;
    await getVerificationStatus(verificationId);
    return sendOnce(verificationId, file, onProgress, register);
  });
  return {
    done,
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}
