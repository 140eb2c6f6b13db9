// The one HTTP client of the browser app: locale-prefixed base, bearer token (only where docs/product.md §6 wants it), and on a
// 401 `token_not_valid` one repeat with the token the session machine settles on (it refreshes once for all callers).
import ky, { type KyInstance } from 'ky';
import type { ErrorBody } from './schemas/common.ts';
import { accessToken, apiPrefix, freshAccessToken } from './credentials.ts';
import { sendsBearer } from './bearerScope.ts';

const RETRIED = 'x-retried-after-refresh';

export const api: KyInstance = ky.create({
  credentials: 'same-origin',
  timeout: 20_000,
  retry: { limit: 2, methods: ['get'], statusCodes: [408, 429, 500, 502, 503, 504] },
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        const url = new URL(request.url);
        const token = accessToken();
        if (token && !request.headers.has('authorization') && sendsBearer(url.pathname)) {
          request.headers.set('authorization', `Bearer ${token}`);
        }
        const prefix = apiPrefix();
        if (!prefix || !url.pathname.startsWith('/api/')) return undefined;
        url.pathname = prefix + url.pathname;
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
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as ErrorBody | null;
        if (body?.code !== 'token_not_valid') return response;
        const token = await freshAccessToken();
        if (!token) return response;
        const headers = new Headers(options.headers);
        headers.set('authorization', `Bearer ${token}`);
        headers.set(RETRIED, '1');
        return ky(request.url, { ...options, headers, hooks: {}, retry: 0 });
      },
    ],
  },
});
