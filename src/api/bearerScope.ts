// Which calls carry the access token (SPEC §6): claim creation and the account calls. Every other call
// (calculator data, claim form, requisites, status, confirm, bill upload, sign-up, activation, restore, news)
// goes without it, even while a user is signed in.
const ACCOUNT_PREFIXES = ['/api/v1/users/me/', '/api/v1/users/reactivate/', '/api/v1/verify/', '/api/v2/verify/'];

/** `pathname` without the locale prefix ('/api/...'). */
export function sendsBearer(method: string, pathname: string): boolean {
  if (method.toUpperCase() === 'POST' && pathname === '/api/v1/claim/') return true;
  return ACCOUNT_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
