// A first visit (no `lang` cookie) to the bare root `/` from a browser that prefers English goes to `/en` (docs/product.md §2/§4).
// Any other Russian address is an explicit link (/rules, /news/{slug}, /login...) and opens in Russian.

/** True when the first language the browser lists that we know is English. */
export function prefersEnglish(languages: readonly string[]): boolean {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'en') return true;
    if (primary === 'ru') return false;
  }
  return false;
}

/** The English address to redirect to, or null to stay. */
export function firstVisitRedirect(
  location: { pathname: string; search: string; hash: string },
  hasLangCookie: boolean,
  languages: readonly string[],
): string | null {
  if (hasLangCookie || location.pathname !== '/') return null;
  if (!prefersEnglish(languages)) return null;
  return `/en${location.search}${location.hash}`;
}
