// Counts every answered request and its duration by method, route pattern and status (never the raw path: one
// series per route, whatever the ids in the URLs).
import type { MiddlewareHandler } from 'hono';
import { answeringRoute } from '../http/requestLog.ts';
import { httpDuration, httpRequests } from './metrics.ts';

/** Counts one answer that took `seconds`. */
export function countAnswer(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export const httpMetrics: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    countAnswer(c.req.method, answeringRoute(c), c.res.status, (performance.now() - started) / 1000);
  }
};
