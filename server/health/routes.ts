// GET /healthz: the process answers. GET /readyz: PostgreSQL answers, every migration is applied and the process
// is not stopping (503 otherwise, 200 again by itself once that holds). GET /metrics: Prometheus text, only with
// `Authorization: Bearer $METRICS_TOKEN` (404 without the variable, so nobody learns the endpoint exists).
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import type { HealthConfig } from './config.ts';
import { migrationsApplied } from './figures.ts';
import { shuttingDown } from './lifecycle.ts';
import { METRICS_CONTENT_TYPE, scrapeMetrics } from './scrape.ts';

/** A readiness probe answers within this, even while PostgreSQL does not. */
const READY_CHECK_MS = 3000;

const NO_STORE = { 'Cache-Control': 'no-store' };

async function readiness(db: Db): Promise<string | null> {
  if (shuttingDown()) return 'shutting down';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database did not answer in time'), READY_CHECK_MS);
  });
  const checked = migrationsApplied(db).then(
    (applied) => (applied ? null : 'migrations pending'),
    (error: unknown) => {
      log.debug('readiness: database unreachable', error);
      return 'database unreachable';
    },
  );
  try {
    return await Promise.race([checked, late]);
  } finally {
    clearTimeout(timer);
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/)?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function healthRoutes(db: Db, config: HealthConfig): Hono {
  const routes = new Hono();
  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  routes.get('/readyz', async (c) => {
    const problem = await readiness(db);
    return problem === null
      ? c.json({ status: 'ready' }, 200, NO_STORE)
      : c.json({ status: 'not ready', reason: problem }, 503, { ...NO_STORE, 'Retry-After': '5' });
  });
  routes.get('/metrics', async (c) => {
    if (config.metricsToken === null) return c.json({ detail: 'Not found.' }, 404);
    if (!bearerMatches(c.req.header('authorization'), config.metricsToken))
      return c.json({ detail: 'Authentication credentials were not provided.' }, 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    return c.body(await scrapeMetrics(db), 200, { ...NO_STORE, 'Content-Type': METRICS_CONTENT_TYPE });
  });
  return routes;
}
