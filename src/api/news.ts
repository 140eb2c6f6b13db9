// Calls of the news section (Russian only): a paged list per kind, one item by slug, and the archives.
import type * as z from 'zod/mini';
import { HTTPError } from 'ky';
import { api } from './client.ts';
import { newsItem, newsPage, type newsKind, type NewsItem, type NewsSummary } from './schemas/news.ts';
import type { Paged } from './schemas/common.ts';

export type NewsKind = z.infer<typeof newsKind>;

export type { NewsSummary };

export interface NewsPageQuery {
  kind: NewsKind;
  page: number;
  size: number;
}

/** GET /api/v1/news/?kind&page&size. */
export async function fetchNewsPage({ kind, page, size }: NewsPageQuery): Promise<Paged<NewsSummary>> {
  const body = await api.get('/api/v1/news/', { searchParams: { kind, page, size } }).json();
  return newsPage.parse(body);
}

/** GET /api/v1/news/{slug}/; null when there is no such item (the page shows 404). */
export async function fetchNewsItem(slug: string): Promise<NewsItem | null> {
  try {
    const body = await api.get(`/api/v1/news/${encodeURIComponent(slug)}/`).json();
    return newsItem.parse(body);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

/** GET /api/v1/news/archive/news/ or /archive/updates/: items older than the server's archive age, paged. */
export async function fetchNewsArchivePage({ kind, page, size }: NewsPageQuery): Promise<Paged<NewsSummary>> {
  const path = kind === 'news' ? '/api/v1/news/archive/news/' : '/api/v1/news/archive/updates/';
  return newsPage.parse(await api.get(path, { searchParams: { page, size } }).json());
}
