// Claim calls (SPEC §7). Creating a claim carries the bearer token when signed in (the client adds it);
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

function claimPath(uuid: string, rest: string): string {
  return `/api/v1/claim/${encodeURIComponent(uuid)}/${rest}`;
}

/** POST /api/v1/claim/ → the new claim's uuid. */
export async function createClaim(request: CreateClaimRequest): Promise<string> {
  const created = createClaimResponse.parse(await api.post('/api/v1/claim/', { json: request, retry: 0 }).json());
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

/** Sends the payment receipt (multipart field `file`). */
export async function uploadBill(uuid: string, file: Blob): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const answer = billResponse.parse(await api.post(claimPath(uuid, 'bill/'), { body, retry: 0, timeout: 60_000 }).json());
  return answer.detail;
}
