// News and service updates as published: items dated in the future are scheduled, not shown yet; the archives
// hold items older than ARCHIVE_AFTER_DAYS.
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { NewsItem } from '../../src/api/schemas/news.ts';
import type { Db } from '../db/index.ts';
import { news } from '../db/schema/news.ts';
import type { PageRequest } from '../shared/paging.ts';
import { refuse } from '../shared/errors.ts';

export const ARCHIVE_AFTER_DAYS = 90;

export type NewsRow = typeof news.$inferSelect;

/** Which published items a list shows: every kind or one, and only the archived ones or all. */
export interface NewsFilter {
  kind?: NewsItem['kind'];
  archived?: boolean;
}

function archiveCutoff(now: Date): Date {
  return new Date(now.getTime() - ARCHIVE_AFTER_DAYS * 24 * 60 * 60 * 1000);
}

/** One page of published items, newest first, with their total. */
export async function newsPage(db: Db, filter: NewsFilter, page: PageRequest): Promise<{ total: number; rows: NewsRow[] }> {
  const now = new Date();
  const conditions: SQL[] = [lt(news.publishedAt, now)];
  if (filter.kind) conditions.push(eq(news.kind, filter.kind));
  if (filter.archived) conditions.push(lt(news.publishedAt, archiveCutoff(now)));
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(news).where(where);
  const rows = await db.select().from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)).limit(page.size).offset(page.offset);
  return { total: total?.value ?? 0, rows };
}

/** The published item of `slug`; anything else (malformed, unknown, scheduled) is not found. */
export async function newsItem(db: Db, slug: string): Promise<NewsRow> {
  const [row] = /^[a-z0-9-]{1,120}$/.test(slug)
    ? await db.select().from(news).where(and(eq(news.slug, slug), lt(news.publishedAt, new Date())))
    : [];
  if (!row) refuse('not_found', /*i18n*/ { id: 'content.news.notFound', message: 'News item not found.' });
  return row;
}
