// A first visit (no `lang` cookie) to a Russian page from a browser that prefers English goes to the English page.
import { localeFromPath, localizePath } from './locales.ts';

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
  if (hasLangCookie || localeFromPath(location.pathname) === 'en') return null;
  if (!prefersEnglish(languages)) return null;
  return localizePath(location.pathname, 'en') + location.search + location.hash;
}
