// Which calls carry the access token (SPEC §6): the claim calls and the account calls. The claim calls need it
// because a claim's owner sees its requisites in full and alone may change a claim created while signed in.
// Every other call (calculator data, sign-up, activation, restore, news) goes without it, even while signed in.
const BEARER_PREFIXES = [
  '/api/v1/claim/',
  '/api/v1/users/me/',
  '/api/v1/users/reactivate/',
  '/api/v1/verify/',
  '/api/v2/verify/',
];

/** `pathname` without the locale prefix ('/api/...'). */
export function sendsBearer(pathname: string): boolean {
  return BEARER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
