// The page address third-party scripts (analytics, chat) are given: never one carrying a secret. A claim's uuid is
// its link's capability and the activation and password-reset tokens are credentials: the path keeps only the page
// (/claim/, /activate/), and neither the query nor the fragment leaves (a mailed link's parameters carry tokens).
const SECRET_SEGMENTS: readonly RegExp[] = [/^((?:\/en)?\/claim\/)(?!success$|fail$)[^/]+\/?$/, /^((?:\/en)?\/activate\/)[^/]+\/?$/];

export function publicPageUrl(href: string): string {
  const url = new URL(href);
  const path = SECRET_SEGMENTS.reduce((current, pattern) => current.replace(pattern, '$1'), url.pathname);
  return `${url.origin}${path}`;
}

/** The address carries a secret (a claim's capability, a mailed token in the query) that no third party may read. */
export function carriesSecret(href: string): boolean {
  const url = new URL(href);
  return publicPageUrl(href) !== `${url.origin}${url.pathname}` || url.search !== '' || url.hash !== '';
}
