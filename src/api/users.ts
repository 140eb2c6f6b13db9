// Account calls: the signed-in user, registration, activation, password restore and the user's own claims.
import { api } from './client.ts';
import { paged, type Paged } from './schemas/common.ts';
import { claimListItem, type ClaimListItem } from './schemas/claim.ts';
import { user, type SignupRequest, type User } from './schemas/user.ts';

const claimsPage = paged(claimListItem);

/** The `{detail}` answers of the mail-link calls, when the server words their outcome. */
type Detail = { detail?: string };

/** GET /api/v1/users/me/. */
export async function me(): Promise<User> {
  return user.parse(await api.get('/api/v1/users/me/').json());
}

/** POST /api/v1/users/signup/: creates the account and mails the activation link. */
export async function signup(request: SignupRequest): Promise<void> {
  await api.post('/api/v1/users/signup/', { json: request });
}

/** POST /api/v1/users/activate/{token}/. */
export async function activate(token: string): Promise<Detail> {
  return api.post(`/api/v1/users/activate/${encodeURIComponent(token)}/`).json<Detail>();
}

/** POST /api/v1/users/reactivate/: mails a new activation link to the signed-in user. */
export async function reactivate(): Promise<Detail> {
  return api.post('/api/v1/users/reactivate/', { json: {} }).json<Detail>();
}

/** POST /api/v1/users/reactivate/email/: mails a new activation link to an address awaiting activation, signed out. */
export async function reactivateByEmail(email: string): Promise<Detail> {
  return api.post('/api/v1/users/reactivate/email/', { json: { email } }).json<Detail>();
}

/** POST /api/v1/users/restore/: mails a password-reset link. */
export async function restore(email: string): Promise<void> {
  await api.post('/api/v1/users/restore/', { json: { email } });
}

/** POST /api/v1/users/restore/{token}/: sets the new password. */
export async function reset(token: string, password: string, passwordConfirm: string): Promise<void> {
  await api.post(`/api/v1/users/restore/${encodeURIComponent(token)}/`, { json: { password, passwordConfirm } });
}

/** GET /api/v1/users/me/claims/?page&size: the user's claims, newest first. */
export async function myClaims(query: { page: number; size: number }): Promise<Paged<ClaimListItem>> {
  return claimsPage.parse(await api.get('/api/v1/users/me/claims/', { searchParams: query }).json());
}
