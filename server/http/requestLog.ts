// Every request gets an id (the caller's X-Request-Id when it is a sane one, else a new uuid), echoed in the answer
// and carried by every line logged while it is handled; when it ends, one access line says what was answered:
// method, route pattern (never the path or query, which may hold a token), status and duration.
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { logger } from '../log.ts';
import { withLogContext } from '../logging/context.ts';

const SANE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Probes of the health endpoints come every few seconds: their access lines are debug. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** The route pattern that answered (`/api/v1/claim/:uuid/status/`), or `*` for pages and files. */
export function answeringRoute(c: Context): string {
  return routePath(c) || '*';
}

export const requestLog: MiddlewareHandler = async (c, next) => {
  const given = c.req.header('x-request-id');
  const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  const started = performance.now();
  await withLogContext({ requestId }, async () => {
    try {
      await next();
    } finally {
      // On the answer's own headers: c.header() on a finished answer would copy its whole body into a new Response.
      c.res.headers.set('X-Request-Id', requestId);
      const line = {
        method: c.req.method,
        route: answeringRoute(c),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (PROBES.has(c.req.path)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    }
  });
};
