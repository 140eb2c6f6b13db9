// /api/v1/news/: news and service updates, newest first; the archives hold items older than ARCHIVE_AFTER_DAYS.
import { Hono, type Context } from 'hono';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { newsKind, type NewsItem } from '../../src/api/schemas/news.ts';
import { pagedBody, readPage } from '../http/paging.ts';
import { news } from '../db/schema/news.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { tr } from '../http/i18n.ts';
import { validate } from '../http/validate.ts';

export const ARCHIVE_AFTER_DAYS = 90;

type NewsRow = typeof news.$inferSelect;

function newsDto(row: NewsRow): NewsItem {
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
  };
}

function archiveCutoff(): Date {
  return new Date(Date.now() - ARCHIVE_AFTER_DAYS * 24 * 60 * 60 * 1000);
}

async function page(c: Context<AppEnv>, where: SQL | undefined) {
  const request = readPage(c);
  const db = c.get('db');
  // Items dated in the future are scheduled, not published yet.
  const published = and(where, lt(news.publishedAt, new Date()));
  const [total] = await db.select({ value: count() }).from(news).where(published);
  const rows = await db
    .select()
    .from(news)
    .where(published)
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(request.size)
    .offset(request.offset);
  return c.json(pagedBody(c, request, total?.value ?? 0, rows.map(newsDto)));
}

const listQuery = z.object({ kind: z.optional(newsKind) });

export const newsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { kind } = validate(listQuery, { kind: c.req.query('kind') }, c.get('locale'));
    return page(c, kind ? eq(news.kind, kind) : undefined);
  })
  .get('/archive/news/', (c) => page(c, and(eq(news.kind, 'news'), lt(news.publishedAt, archiveCutoff()))))
  .get('/archive/updates/', (c) => page(c, and(eq(news.kind, 'update'), lt(news.publishedAt, archiveCutoff()))))
  .get('/:slug/', async (c) => {
    const slug = c.req.param('slug');
    const [row] = /^[a-z0-9-]{1,120}$/.test(slug)
      ? await c.get('db').select().from(news).where(and(eq(news.slug, slug), lt(news.publishedAt, new Date())))
      : [];
    if (!row) fail(404, tr(c.get('locale'), { ru: 'Новость не найдена.', en: 'News item not found.' }));
    return c.json(newsDto(row));
  });
