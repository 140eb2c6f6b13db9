// Who the browser is and which language the API answers in: the access token (memory only), the refresher the
// session registers, and the locale prefix. Kept apart from the HTTP client so the first paint needs no ky.
import type { Locale } from '../domain/locale.ts';

type Refresher = () => Promise<string | null>;

let token: string | null = null;
let refresher: Refresher | null = null;
let localePrefix = '';

export function setAccessToken(next: string | null): void {
  token = next;
}

export function accessToken(): string | null {
  return token;
}

/** The session machine registers how a new access token is obtained. */
export function setRefresher(next: Refresher | null): void {
  refresher = next;
}

/** '' for Russian, '/en' for English: the API answers in the caller's language. */
export function setApiLocale(locale: Locale): void {
  localePrefix = locale === 'en' ? '/en' : '';
}

export function apiPrefix(): string {
  return localePrefix;
}

/** A new access token for a call that met an expired one (the session machine makes concurrent asks one refresh). */
export function freshAccessToken(): Promise<string | null> {
  return refresher ? refresher() : Promise.resolve(null);
}
