// The one HTTP client of the browser app: locale-prefixed base, bearer token, and the single-flight
// refresh on a 401 `token_not_valid` (the session machine provides the refresher).
import ky, { HTTPError, type KyInstance } from 'ky';
import type { ErrorBody } from './schemas/common.ts';

type Refresher = () => Promise<string | null>;

let accessToken: string | null = null;
let refresher: Refresher | null = null;
let refreshInFlight: Promise<string | null> | null = null;
let localePrefix = '';

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
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
function refreshOnce(): Promise<string | null> {
  if (!refresher) return Promise.resolve(null);
  refreshInFlight ??= refresher().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

const RETRIED = 'x-retried-after-refresh';

export const api: KyInstance = ky.create({
  credentials: 'same-origin',
  timeout: 20_000,
  retry: { limit: 2, methods: ['get'], statusCodes: [408, 429, 500, 502, 503, 504] },
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        if (accessToken && !request.headers.has('authorization')) {
          request.headers.set('authorization', `Bearer ${accessToken}`);
        }
        const url = new URL(request.url);
        if (!localePrefix || !url.pathname.startsWith('/api/')) return undefined;
        url.pathname = localePrefix + url.pathname;
        // `new Request(url, request)` hands over the body as a stream, which browsers refuse to send over
        // HTTP/1.1 (Chromium throws): the body is copied as bytes instead.
        const body = request.body === null ? null : await request.arrayBuffer();
        return new Request(url, {
          method: request.method,
          headers: request.headers,
          body,
          credentials: request.credentials,
          signal: request.signal,
          redirect: request.redirect,
          cache: request.cache,
          referrerPolicy: request.referrerPolicy,
        });
      },
    ],
    afterResponse: [
      async ({ request, options, response }) => {
        if (response.status !== 401 || request.headers.has(RETRIED)) return response;
        const body = (await response.clone().json().catch(() => null)) as ErrorBody | null;
        if (body?.code !== 'token_not_valid') return response;
        const token = await refreshOnce();
        if (!token) return response;
        const headers = new Headers(options.headers);
        headers.set('authorization', `Bearer ${token}`);
        headers.set(RETRIED, '1');
        return ky(request.url, { ...options, headers, hooks: {}, retry: 0 });
      },
    ],
  },
});

/** Reads the DRF-shaped error body of a failed call, or a generic network error. */
export async function errorBody(error: unknown): Promise<ErrorBody> {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `error.data` (the response body itself is consumed).
    const data: unknown = error.data;
    if (data && typeof data === 'object') return data as ErrorBody;
    return { detail: error.response.statusText, code: `http_${error.response.status}` };
  }
  return { code: 'network_error' };
}
