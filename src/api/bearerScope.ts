// Which calls carry the access token (docs/product.md §6): creating a claim and the account calls. Every other call
// (calculator data, sign-up, activation, restore, news, and the claim page's own calls: form, requisites, status,
// confirm, bill upload, cancel) goes without it, even while signed in; the claim's creator is known by the
// capability cookie its creation set (server/http/claimCapability.ts).
const BEARER_PATHS = ['/api/v1/claim/'];
const BEARER_PREFIXES = ['/api/v1/users/me/', '/api/v1/users/reactivate/', '/api/v1/verify/', '/api/v2/verify/'];

/** `pathname` without the locale prefix ('/api/...'). */
export function sendsBearer(pathname: string): boolean {
  return BEARER_PATHS.includes(pathname) || BEARER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
