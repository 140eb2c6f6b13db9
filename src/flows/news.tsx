// The news section's flows (src/wiring/news.ts), or a test's fakes: a paged list per source, and one item.
import type { ReactNode } from 'react';
import type { PageResult, PagedListMachine } from '../../machines/pagedList.ts';
import type { NewsSummary } from '../api/news.ts';
import type { NewsItem } from '../api/schemas/news.ts';
import { flowContext } from './flowContext.tsx';
import { usePagedListView, type PagedListView } from './pagedList.ts';
import { useResourceView, type ResourceView } from './resourceLoad.ts';
import { wiredNewsItemMachine, wiredNewsListMachines } from '../wiring/news.ts';

/** Which list: news or service updates, current or archived. */
export type NewsSource = keyof typeof wiredNewsListMachines;

const listFlows = {
  news: flowContext(wiredNewsListMachines.news),
  update: flowContext(wiredNewsListMachines.update),
  'archive-news': flowContext(wiredNewsListMachines['archive-news']),
  'archive-update': flowContext(wiredNewsListMachines['archive-update']),
};
const itemFlow = flowContext(wiredNewsItemMachine);

/** Puts another machine (a test's fakes) in place of one source's wiring. */
export function NewsListProvider({
  source,
  logic,
  children,
}: {
  source: NewsSource;
  logic: PagedListMachine;
  children: ReactNode;
}) {
  const { Provider } = listFlows[source];
  return <Provider logic={logic}>{children}</Provider>;
}

/** The key of a list's first page in the server's initial page (src/entry-server.tsx reads the same pages). */
export function newsListKey(source: NewsSource, size: number): string {
  return `${source}:${size}`;
}

/**
 * A source's list, `size` items a page, starting from the first page the server rendered, if any. The source is
 * fixed for the life of the view (give it a `key`).
 */
export function useNewsList(source: NewsSource, size: number, preloaded: PageResult<NewsSummary> | null): PagedListView<NewsSummary> {
  return usePagedListView<NewsSummary>(listFlows[source].useFlowActor({ size, preloaded }));
}

export const NewsItemProvider = itemFlow.Provider;

/** The item of `slug`, starting from the one the server rendered, if any; data null after loading means no such item. */
export function useNewsItem(slug: string, preloaded: NewsItem | null): ResourceView<NewsItem | null> {
  return useResourceView<NewsItem | null>(itemFlow.useFlowActor({ params: slug, preloaded }));
}
