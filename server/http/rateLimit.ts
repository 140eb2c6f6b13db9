// In-memory token bucket per client IP and route: a burst of `capacity` requests, refilled at `perSecond`.
// Answers 429 with Retry-After when empty. Per process; several instances each keep their own buckets.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { tr } from './i18n.ts';

export interface RateLimitOptions {
  /** Bucket name; requests of one IP share a bucket per name. */
  name: string;
  capacity: number;
  perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_BUCKETS = 50_000;

export function clientIp(c: Context<AppEnv>): string {
  if (c.get('config')?.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'local';
  }
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  // One set of buckets per app (its config object): apps built side by side in one process do not share budgets.
  const stores = new WeakMap<Config, Map<string, Bucket>>();
  return async (c, next) => {
    const config = c.get('config');
    const scale = config.rateLimitScale;
    let buckets = stores.get(config);
    if (!buckets) {
      buckets = new Map();
      stores.set(config, buckets);
    }
    if (scale === 0) return next();
    const capacity = options.capacity * scale;
    const perSecond = options.perSecond * scale;
    const key = `${options.name}|${clientIp(c)}`;
    const now = Date.now();
    const bucket = buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      buckets.set(key, bucket);
      throw new HttpError(
        429,
        {
          detail: tr(c.get('locale'), {
            ru: `Слишком много запросов. Повторите через ${retryAfter} с.`,
            en: `Too many requests. Try again in ${retryAfter} s.`,
          }),
        },
        { 'Retry-After': String(retryAfter) },
      );
    }
    bucket.tokens -= 1;
    if (buckets.size >= MAX_BUCKETS && !buckets.has(key)) buckets.clear();
    buckets.set(key, bucket);
    return next();
  };
}
