// Claim calls (docs/product.md §7). Creating a claim carries the bearer token when signed in (the client adds it);
// the rest are public and keyed by the claim's uuid.
import { api } from './client.ts';
import {
  billResponse,
  claimForm,
  claimRequisite,
  claimStatusResponse,
  createClaimResponse,
  type ClaimForm,
  type ClaimRequisite,
  type ClaimStatusResponse,
  type CreateClaimRequest,
} from './schemas/claim.ts';
import { uploadWithProgress, type UploadHandle } from './uploadWithProgress.ts';

function claimPath(uuid: string, rest: string): string {
  return `/api/v1/claim/${encodeURIComponent(uuid)}/${rest}`;
}

/** 128 random bits as hex (crypto.randomUUID exists only in secure contexts; plain-http hosts lack it). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/v1/claim/ → the new claim's uuid. Each call (one submit) carries a fresh Idempotency-Key, and its
 * retries after a lost connection, a timeout or a busy server carry the same one: the server answers a retry with
 * the claim the first attempt made, never a second claim.
 */
export async function createClaim(request: CreateClaimRequest): Promise<string> {
  const created = createClaimResponse.parse(
    await api
      .post('/api/v1/claim/', {
        json: request,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
        retry: {
          limit: 2,
          methods: ['post'],
          statusCodes: [408, 502, 503, 504],
          retryOnTimeout: true,
          maxRetryAfter: 5000,
        },
      })
      .json(),
  );
  return created.uuid;
}

export async function fetchClaimForm(uuid: string): Promise<ClaimForm> {
  return claimForm.parse(await api.get(claimPath(uuid, 'form/')).json());
}

export async function fetchClaimRequisite(uuid: string): Promise<ClaimRequisite> {
  return claimRequisite.parse(await api.get(claimPath(uuid, 'requisite/')).json());
}

export async function fetchClaimStatus(uuid: string): Promise<ClaimStatusResponse> {
  return claimStatusResponse.parse(await api.get(claimPath(uuid, 'status/')).json());
}

/** The client says the payment has been sent. */
export async function confirmClaim(uuid: string): Promise<ClaimStatusResponse> {
  return claimStatusResponse.parse(await api.post(claimPath(uuid, 'confirm/'), { retry: 0 }).json());
}

/** The client cancels a claim that still awaits payment. */
export async function cancelClaim(uuid: string): Promise<ClaimStatusResponse> {
  return claimStatusResponse.parse(await api.post(claimPath(uuid, 'cancel/'), { retry: 0 }).json());
}

/** Sends the payment receipt (multipart field `file`) with progress; answers the server's confirmation text. */
export function uploadBill(uuid: string, file: Blob, onProgress: (loaded: number, total: number) => void): UploadHandle<string> {
  return uploadWithProgress({
    path: claimPath(uuid, 'bill/'),
    form: () => {
      const form = new FormData();
      form.append('file', file, file instanceof File ? file.name : 'receipt');
      return form;
    },
    parse: (body) => {
      const parsed = billResponse.safeParse(body);
      return parsed.success ? parsed.data.detail : null;
    },
    onProgress,
    // The owner's receipt carries the access token: a status call lets ky renew an expired one.
    renewToken: () => fetchClaimStatus(uuid),
  });
}
