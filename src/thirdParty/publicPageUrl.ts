// The page address third-party scripts are given: never one carrying a secret. A claim's uuid is its link's
// capability and the activation and password-reset tokens are credentials, so they become placeholders or go;
// other query parameters (campaign tags) stay, the fragment never leaves.
const SECRET_SEGMENTS: readonly [RegExp, string][] = [
  [/^((?:\/en)?\/claim\/)(?!success$|fail$)[^/]+/, '$1:uuid'],
  [/^((?:\/en)?\/activate\/)[^/]+/, '$1:token'],
];
const SECRET_PARAMETERS = ['token', 'uid', 'key'];

export function publicPageUrl(href: string): string {
  const url = new URL(href);
  const path = SECRET_SEGMENTS.reduce((current, [pattern, placeholder]) => current.replace(pattern, placeholder), url.pathname);
  for (const name of SECRET_PARAMETERS) url.searchParams.delete(name);
  return `${url.origin}${path}${url.search}`;
}
