// CSRF guard of the calls a cookie authenticates (sign-in, refresh, sign-out): a browser says where a request
// comes from (Sec-Fetch-Site, else Origin), and one started by another site is refused with 403. Callers that
// are not browsers send neither header and are let through: they cannot carry a victim's cookies anyway.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { fail } from './errors.ts';

/** The origins of the site: PUBLIC_URL and the address the request itself was sent to. */
function ownOrigins(publicUrl: string, requestUrl: string): Set<string> {
  return new Set([new URL(publicUrl).origin, new URL(requestUrl).origin]);
}

export function crossSite(site: string | undefined, origin: string | undefined, own: () => Set<string>): boolean {
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (origin === undefined) return false;
  return !own().has(origin);
}

export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const own = () => ownOrigins(c.get('config').publicUrl, c.req.url);
    if (crossSite(c.req.header('sec-fetch-site'), c.req.header('origin'), own)) {
      fail(403, /*i18n*/ { id: 'http.request.crossSite', message: 'A request from another site was refused.' }, 'cross_site');
    }
  }
  await next();
};
