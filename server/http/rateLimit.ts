// Rate limits per client: each request adds a hit to its bucket's current window (kept in PostgreSQL, so N
// instances give one budget: server/shared/rateLimitWindows.ts), and a full window answers 429 with Retry-After.
import type { MiddlewareHandler } from 'hono';
import { clientLimitKey } from './clientIp.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { addHits, MAX_WINDOW_SECONDS } from '../shared/rateLimitWindows.ts';

export interface RateLimitOptions {
  /** Bucket name; requests of one IP share a bucket per name. */
  name: string;
  /** Requests allowed per window. */
  capacity: number;
  /** The sustained rate: the window lasts capacity / perSecond seconds. */
  perSecond: number;
}

export function tooManyRequests(retryAfter: number): HttpError {
  return new HttpError(
    429,
    {
      detail: /*i18n*/ {
        id: 'http.request.tooMany',
        message: 'Too many requests. Try again in {seconds} s.',
        values: { seconds: retryAfter },
      },
    },
    { 'Retry-After': String(retryAfter) },
  );
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const seconds = Math.min(MAX_WINDOW_SECONDS, Math.max(1, Math.ceil(options.capacity / options.perSecond)));
  return async (c, next) => {
    const scale = c.get('config').rateLimitScale;
    if (scale === 0) return next();
    const allowed = Math.max(1, Math.round(options.capacity * scale));
    const count = await addHits(c.get('db'), `${options.name}|${clientLimitKey(c)}`, seconds);
    if (count.hits > allowed) throw tooManyRequests(count.resetsIn);
    return next();
  };
}
