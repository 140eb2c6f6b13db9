// Who the browser is and which language the API answers in: the access token (memory only), the refresher the
// session registers, and the locale prefix. Kept apart from the HTTP client so the first paint needs no ky.
type Refresher = () => Promise<string | null>;

let token: string | null = null;
let refresher: Refresher | null = null;
let refreshInFlight: Promise<string | null> | null = null;
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
export function setApiLocale(locale: 'ru' | 'en'): void {
  localePrefix = locale === 'en' ? '/en' : '';
}

export function apiPrefix(): string {
  return localePrefix;
}

/** All requests waiting on a 401 share one refresh. */
export function refreshOnce(): Promise<string | null> {
  if (!refresher) return Promise.resolve(null);
  refreshInFlight ??= refresher().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}
