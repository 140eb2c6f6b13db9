import * as z from 'zod/mini';
import { isoDateTime, paged } from './common.ts';

export const newsKind = z.enum(['news', 'update']);

export const newsItem = z.object({
  slug: z.string(),
  kind: newsKind,
  title: z.string(),
  excerpt: z.string(),
  /** Paragraphs of plain text; the browser renders each as a paragraph. */
  body: z.array(z.string()),
  publishedAt: isoDateTime,
});
export type NewsItem = z.infer<typeof newsItem>;

/** What a list shows of an item: everything but the body (lists may omit it). */
export const newsSummary = z.object({
  slug: z.string(),
  kind: newsKind,
  title: z.string(),
  excerpt: z.string(),
  publishedAt: isoDateTime,
});
export type NewsSummary = z.infer<typeof newsSummary>;

/** A page of a news list (GET /api/v1/news/ and the archives). */
export const newsPage = paged(newsSummary);
