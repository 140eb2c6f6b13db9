// GET /export/rates.xml and /export/rates.json: what a client can use now, in the monitors' format (BestChange
// 1.1) and its JSON twin, with an ETag and Last-Modified so monitors polling every few seconds get a 304 while
// nothing changed.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { currentRatesExport, type Rendering } from './ratesExport.ts';

/** A conditional GET that the current version satisfies: If-None-Match first, If-Modified-Since without it. */
function unchanged(c: Context<AppEnv>, etag: string, changedAt: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const ifModifiedSince = c.req.header('if-modified-since');
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  return !Number.isNaN(since) && Math.floor(changedAt.getTime() / 1000) * 1000 <= since;
}

function answer(c: Context<AppEnv>, rendering: Rendering, changedAt: Date, contentType: string): Response {
  const headers = {
    ETag: rendering.etag,
    'Last-Modified': changedAt.toUTCString(),
    'Cache-Control': 'no-cache',
    'Content-Type': contentType,
  };
  if (unchanged(c, rendering.etag, changedAt)) return c.body(null, 304, headers);
  return c.body(rendering.body, 200, headers);
}

export const exportRoutes = new Hono<AppEnv>()
  .get('/rates.xml', async (c) => {
    const built = await currentRatesExport(c.get('db'));
    return answer(c, built.xml, built.changedAt, 'application/xml; charset=utf-8');
  })
  .get('/rates.json', async (c) => {
    const built = await currentRatesExport(c.get('db'));
    return answer(c, built.json, built.changedAt, 'application/json; charset=utf-8');
  });
