// Counts every answered request and its duration by method, route pattern and status (never the raw path: one
// series per route, whatever the ids in the URLs).
import type { MiddlewareHandler } from 'hono';
import { answeringRoute } from '../http/requestLog.ts';
import { httpDuration, httpRequests } from './metrics.ts';

export const httpMetrics: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const labels = { method: c.req.method, route: answeringRoute(c), status: String(c.res.status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, (performance.now() - started) / 1000);
  }
};
