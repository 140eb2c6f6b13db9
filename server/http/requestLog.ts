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

/** The caller's X-Request-Id when it is a sane one, else a new uuid. */
export function requestIdOf(c: Context): string {
  const given = c.req.header('x-request-id');
  return given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export interface AccessLine {
  /** Given only outside the request's log context (which adds it to every line by itself). */
  requestId?: string;
  method: string;
  route: string;
  status: number;
  ms: number;
}

/** Milliseconds since `started` (a performance.now()), to a tenth. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

/** The one access line of an answered request. */
export function logAccess(path: string, line: AccessLine): void {
  if (PROBES.has(path)) logger.debug(line, 'request');
  else logger.info(line, 'request');
}

export const requestLog: MiddlewareHandler = async (c, next) => {
  const requestId = requestIdOf(c);
  const started = performance.now();
  await withLogContext({ requestId }, async () => {
    try {
      await next();
    } finally {
      // On the answer's own headers: c.header() on a finished answer would copy its whole body into a new Response.
      c.res.headers.set('X-Request-Id', requestId);
      logAccess(c.req.path, { method: c.req.method, route: answeringRoute(c), status: c.res.status, ms: elapsedMs(started) });
    }
  });
};
