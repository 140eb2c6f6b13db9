// The explicit language choice lives in the `lang` cookie for a year (docs/product.md §3), so the server can read it too.
import { isLocale, type Locale } from './locales.ts';

export const LANG_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readLangCookie(cookie: string = document.cookie): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLocale(value)) return value;
  }
  return null;
}

export function langCookieValue(locale: Locale): string {
  return `${LANG_COOKIE}=${locale}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}

export function writeLangCookie(locale: Locale): void {
  document.cookie = langCookieValue(locale);
}
