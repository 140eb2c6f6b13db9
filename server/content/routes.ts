// /api/v1/news/: news and service updates, newest first, and their archives (server/content/news.ts).
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { newsKind } from '../../src/api/schemas/news.ts';
import type { AppEnv } from '../http/env.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { newsDto } from '../http/presenters.ts';
import { validate } from '../http/validate.ts';
import { newsItem, newsPage, type NewsFilter } from './news.ts';

async function page(c: Context<AppEnv>, filter: NewsFilter) {
  const request = readPage(c);
  const { total, rows } = await newsPage(c.get('db'), filter, request);
  return c.json(pagedBody(c, request, total, rows.map(newsDto)));
}

const listQuery = z.object({ kind: z.optional(newsKind) });

export const newsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { kind } = validate(listQuery, { kind: c.req.query('kind') });
    return page(c, { kind });
  })
  .get('/archive/news/', (c) => page(c, { kind: 'news', archived: true }))
  .get('/archive/updates/', (c) => page(c, { kind: 'update', archived: true }))
  .get('/:slug/', async (c) => c.json(newsDto(await newsItem(c.get('db'), c.req.param('slug')))));
