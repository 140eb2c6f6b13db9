import * as z from 'zod/mini';
import { isoDateTime } from './common.ts';

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
