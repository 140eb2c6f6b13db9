// The two interface languages and how they map onto URLs: Russian at the root, English under /en.
import { LOCALE_TAGS, type Locale } from '../domain/locale.ts';

export { LOCALE_TAGS, type Locale };

export const LOCALES: readonly Locale[] = ['ru', 'en'];

export function isLocale(value: unknown): value is Locale {
  return value === 'ru' || value === 'en';
}

function hasEnglishPrefix(pathname: string): boolean {
  return pathname === '/en' || pathname.startsWith('/en/');
}

export function localeFromPath(pathname: string): Locale {
  return hasEnglishPrefix(pathname) ? 'en' : 'ru';
}

/** '/en/rules' → '/rules', '/en' → '/', '/rules' → '/rules'. */
export function stripLocale(pathname: string): string {
  if (!hasEnglishPrefix(pathname)) return pathname || '/';
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/**
 * The address of an unprefixed app path in a locale: ('/rules', 'en') → '/en/rules', ('/', 'en') → '/en'.
 * A path that already carries a locale prefix is re-targeted, so the function is safe to call twice.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith('/')) return path;
  const [pathname = '/', ...rest] = path.split(/(?=[?#])/);
  const bare = stripLocale(pathname);
  const suffix = rest.join('');
  if (locale === 'ru') return bare + suffix;
  return (bare === '/' ? '/en' : `/en${bare}`) + suffix;
}
