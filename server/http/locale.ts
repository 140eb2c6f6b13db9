// Every API answers at /api/... in Russian and at /en/api/... in English: the prefix sets the locale.
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { AppEnv } from './env.ts';

export function requestContext(db: Db, config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const pathname = c.req.path;
    c.set('locale', pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ru');
    c.set('db', db);
    c.set('config', config);
    c.set('userId', null);
    await next();
  };
}
